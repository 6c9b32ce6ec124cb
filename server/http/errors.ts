// Every refusal leaves the server as { message } in Russian, which the client shows as a toast.
import { type z } from 'zod/mini';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Требуется вход по номеру телефона', code = 'unauthorized') =>
  new HttpError(401, message, code);
export const forbidden = (message = 'Доступ запрещён', code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message = 'Не найдено', code = 'not-found') => new HttpError(404, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const unprocessable = (message: string, code?: string) => new HttpError(422, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'rate-limited', { 'retry-after': String(retryAfterSeconds) });

/** A readable Russian description of the first problems zod found. */
export function describeZodError(error: z.core.$ZodError): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'запрос';
    return `${where}: ${issueText(issue)}`;
  });
  return `Некорректные данные запроса (${parts.join('; ')})`;
}

function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return 'неверный тип или значение отсутствует';
    case 'too_small':
      return 'слишком маленькое значение или короткая строка';
    case 'too_big':
      return 'слишком большое значение или длинная строка';
    case 'invalid_format':
      return 'неверный формат';
    case 'invalid_value':
      return 'недопустимое значение';
    case 'unrecognized_keys':
      return 'лишние поля';
    default:
      return 'недопустимое значение';
  }
}

/** 'через 42 с' under a minute, 'через 12 мин' up to an hour, 'через 23 ч' above (an IP's day budget). */
export function waitText(seconds: number): string {
  if (seconds <= 60) return `${seconds} с`;
  return seconds <= 3600 ? `${Math.ceil(seconds / 60)} мин` : `${Math.ceil(seconds / 3600)} ч`;
}
