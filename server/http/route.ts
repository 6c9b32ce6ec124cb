// Registers a Fastify route from a shared RouteDef: parses params, query and body with the
// contract's zod schemas (400 with a Russian message on failure) and, outside production,
// checks the answer against the contract so a drifting handler fails its tests. A string with
// U+0000 anywhere in the input is refused first: PostgreSQL text cannot hold it, so it would
// otherwise end as a 500 from the database.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { RouteDef } from '../../src/api/route.js';
import { HttpError, describeZodError } from './errors.js';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Out<T extends z.ZodMiniType | undefined> = T extends z.ZodMiniType ? z.output<T> : undefined;
type Answer<R extends z.ZodMiniType | null> = R extends z.ZodMiniType ? z.input<R> : void;

function parse<T extends z.ZodMiniType>(schema: T | undefined, value: unknown): Out<T> {
  if (!schema) return undefined as Out<T>;
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeZodError(result.error), 'invalid-request');
  return result.data as Out<T>;
}

/**
 * Where the first U+0000 is in a request part (a string value or an object key), as the dotted
 * path zod messages use ('' for the part itself), or null. Iterative: a deeply nested JSON body
 * must not overflow the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (current.includes('\0')) return item.path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: join(item.path, i) });
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      const badKey = entries.find(([key]) => key.includes('\0'));
      if (badKey) return join(item.path, badKey[0].replace(/\0/g, '\\0'));
      for (const [key, child] of entries.reverse()) stack.push({ value: child, path: join(item.path, key) });
    }
  }
  return null;
}

function refuseNul(...parts: unknown[]): void {
  for (const part of parts) {
    const where = findNul(part);
    if (where !== null) {
      throw new HttpError(
        400,
        `Некорректные данные запроса (${where === '' ? 'запрос' : where}: недопустимый символ U+0000)`,
        'invalid-request',
      );
    }
  }
}

export function route<
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B, R>,
  handler: (input: RouteInput<Out<P>, Out<Q>, Out<B>>) => Promise<Answer<R> | FastifyReply>,
  options: { checkResponse?: boolean } = {},
): void {
  const checkResponse = options.checkResponse ?? !app.ctx.config.isProduction;
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      refuseNul(request.params, request.query, request.body);
      const input = {
        params: parse(def.params, request.params),
        query: parse(def.query, request.query),
        body: parse(def.body, request.body ?? {}),
        request,
        reply,
      };
      const answer = await handler(input);
      if (answer === reply) return reply;
      if (def.response === null) {
        reply.code(204);
        return reply.send();
      }
      if (checkResponse) {
        const checked = def.response.safeParse(answer);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues.slice(0, 5), route: def.path },
            'answer does not match the contract',
          );
          throw new Error(`answer of ${def.method} ${def.path} does not match the contract`);
        }
      }
      // a bare JSON string (the single-value settings): Fastify would send a string as text/plain
      if (typeof answer === 'string') return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      return answer;
    },
  });
}
