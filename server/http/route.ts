// Registers a Fastify route from a shared RouteDef: parses params, query and body with the
// contract's zod schemas (400 with a Russian message on failure) and, outside production,
// checks the answer against the contract so a drifting handler fails its tests.
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

export function route<P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
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
          request.log.error({ issues: checked.error.issues.slice(0, 5), route: def.path }, 'answer does not match the contract');
          throw new Error(`answer of ${def.method} ${def.path} does not match the contract`);
        }
      }
      return answer;
    },
  });
}
