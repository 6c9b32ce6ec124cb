// What every staff edit takes: the request's context, the staff member acting and their address
// (for the audit log), and the body type of an admin contract route.
import type { z } from 'zod/mini';
import type { AppContext } from '../../context.js';
import type { StaffPrincipal } from './staffSessions.js';

export interface Actor {
  ctx: AppContext;
  ip: string;
  staff: StaffPrincipal;
}

/** The parsed body of a contract route. */
export type BodyOf<T> = T extends { body?: infer B } ? (B extends z.ZodMiniType ? z.output<B> : never) : never;
