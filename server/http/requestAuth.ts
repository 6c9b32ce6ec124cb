// Route-side helpers: take what services need off the request (the bearer token, the client's
// address, a few headers) so services receive plain values and routes stay one line.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { SignInClient } from '../services/admin/staff.js';
import { ensureOwnerById, requireUserOfToken, userOfToken, type AuthUser } from '../services/sessions.js';
import { bearerToken } from './credentials.js';

export { bearerToken };

/** The signed-in customer of the request, or null (never throws for a bad token). */
export function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  return userOfToken(ctx, bearerToken(request));
}

/** The signed-in customer, else 401 'Требуется вход по номеру телефона'. */
export function requireUser(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  return requireUserOfToken(ctx, bearerToken(request));
}

/** The signed-in customer when `userId` is theirs: 401 without a sign-in, 403 for another customer's id. */
export async function requireOwner(ctx: AppContext, request: FastifyRequest, userId: string): Promise<AuthUser> {
  const user = await requireUser(ctx, request);
  ensureOwnerById(user, userId);
  return user;
}

/** The client's address as Fastify sees it (TRUST_PROXY decides), '' when unknown. */
export function clientIp(request: FastifyRequest): string {
  return request.ip ?? '';
}

/** What a staff sign-in reads of the browser: address, User-Agent, Cookie header. */
export function signInClient(request: FastifyRequest): SignInClient {
  return {
    ip: clientIp(request),
    userAgent: String(request.headers['user-agent'] ?? ''),
    cookieHeader: request.headers.cookie,
  };
}

/** Header values by lower-case name, the first of a repeated header. */
export function singleHeaders(request: FastifyRequest): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
}
