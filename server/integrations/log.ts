// The logger interface of the integrations, so that they need nothing from server/context.ts.

/** The part of a pino logger the integrations use. */
export interface IntegrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
