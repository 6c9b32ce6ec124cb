// The error a bug report carries (name, message, stack), from anything thrown. Apart from
// bugReport.ts because the page needs it at once when an error happens, while bugReport.ts (and
// the log codec it imports) is loaded only when a report is made.
import type { ReportedError } from '../../api/contract/clientLog';

export function describeError(error: unknown): ReportedError {
  if (error instanceof Error) {
    return {
      name: error.name.slice(0, 200),
      message: error.message.slice(0, 2000),
      ...(typeof error.stack === 'string' ? { stack: error.stack.slice(0, 20_000) } : {}),
    };
  }
  let message: string;
  try {
    message = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    message = String(error);
  }
  return { name: 'Error', message: message.slice(0, 2000) };
}
