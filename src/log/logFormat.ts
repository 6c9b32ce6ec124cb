// The two facts about the recorded log's format that code without the zod schemas needs: the
// current schemaVersion (createLog stamps it) and the error every reader throws. They live apart
// from upcasters.ts so that the recorder, which starts with the page, imports no zod at all.

export const CURRENT_SCHEMA_VERSION = 4;

/** Thrown by `upcast` and `parseLog` on a file that is not a valid event log. */
export class LogFormatError extends Error {
  readonly issues: readonly string[];
  constructor(message: string, issues: readonly string[] = []) {
    super(issues.length > 0 ? `${message}:\n${issues.map((i) => `  - ${i}`).join('\n')}` : message);
    this.name = 'LogFormatError';
    this.issues = issues;
  }
}
