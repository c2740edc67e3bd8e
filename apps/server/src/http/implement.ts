import { emptyEnvelope, envelope } from '@koma/shared';
import {
  type Endpoint,
  isOpenWho,
  isProjectWho,
  type ParsedInputOf,
  type ProjectWho,
  type ReplyInputOf,
  Who,
} from '@koma/shared/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../modules/accounts/sessions.service.js';
import type { ProjectAccess } from '../modules/projects/projects.policy.js';
import { type Guest, requireGuest } from '../modules/review-links/guest-session.js';
import { Access } from '../plugins/auth.js';
import { applyWho } from './guards.js';

/** What a handler gets: the parsed input, and who calls as `who` lets through. */
export interface CallContext<E extends Endpoint> {
  input: ParsedInputOf<E>;
  user: E['who'] extends 'public' | 'signedLink' | 'guest' ? SessionUser | null : SessionUser;
  /** The caller's standing in the input's project, for the project roles of `who`. */
  access: E['who'] extends ProjectWho ? ProjectAccess : null;
  /** The review link's guest, for Who.GUEST (docs/access.md, "Review links"). */
  guest: E['who'] extends 'guest' ? Guest : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Returns the reply's `data`; or the reply itself when the handler answered (reply.ok with an
 * info text, a file, a stream).
 */
export type Handler<E extends Endpoint> = (
  ctx: CallContext<E>,
) => Promise<ReplyInputOf<E> | FastifyReply> | ReplyInputOf<E> | FastifyReply;

/** A handler with route options the contract does not carry (rate limit, session with account…). */
export interface HandlerWithOptions<E extends Endpoint> {
  handler: Handler<E>;
  config?: Omit<FastifyContextConfig, 'who' | 'access' | 'sessionCookie'>;
  /** false: a GET whose HEAD must not run it (e.g. logging out on a link prefetch). */
  exposeHeadRoute?: boolean;
}

export type Handlers<D extends Record<string, Endpoint>> = {
  [K in keyof D]: Handler<D[K]> | HandlerWithOptions<D[K]>;
};

/**
 * Registers a domain's routes from the contract: path, method, schemas, documentation and `who`
 * come from @koma/shared/contract; `who` is applied before the handler (guards.ts). A domain
 * module calls it once with one handler per endpoint, so the type-check fails when an endpoint
 * has no handler or a handler answers the wrong shape.
 */
export function implement<D extends Record<string, Endpoint>>(
  app: FastifyInstance,
  tag: string,
  domain: D,
  handlers: Handlers<D>,
): void {
  for (const [name, endpoint] of Object.entries(domain)) {
    assertProjectInput(`${tag}.${name}`, endpoint);
    const entry = handlers[name] as Handler<Endpoint> | HandlerWithOptions<Endpoint>;
    const { handler, config, exposeHeadRoute } = typeof entry === 'function' ? { handler: entry } : entry;
    const inQuery = endpoint.method === 'GET' || endpoint.transport !== undefined;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(exposeHeadRoute === undefined ? {} : { exposeHeadRoute }),
      // A stream is served by @fastify/sse (app.ts) as `reply.sse`; 'manual': whatever the Accept
      // header says, as EventSource and the tests' fetch (`*/*`) both open it.
      ...(endpoint.transport === 'stream' ? { sse: 'manual' as const } : {}),
      config: {
        ...config,
        who: endpoint.who,
        ...(isOpenWho(endpoint.who) ? { access: Access.PUBLIC } : {}),
        // The browser opens a stream itself (EventSource): no token header, the cookie has it.
        ...(endpoint.transport === 'stream' ? { sessionCookie: true } : {}),
      },
      schema: schemaOf(tag, endpoint, inQuery),
      handler: async (request, reply) => {
        const input = inQuery ? request.query : request.body;
        const access = await applyWho(app.deps.db, endpoint.who, request.user, input, endpoint.projectField);
        const guest = endpoint.who === Who.GUEST ? await requireGuest(app.deps.db, request) : null;
        const ctx = { input, user: request.user, access, guest, request, reply } as CallContext<Endpoint>;
        const data = await handler(ctx);
        // A reply is thenable: awaiting one the handler returned yields undefined, not the reply.
        // A stream the browser left half read has sent its headers without ending: answered too.
        // One it left before the headers (a tile the viewer no longer needs) has a closed socket:
        // nothing more can be sent, least of all an envelope under the file's content type.
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
        return reply.ok(data ?? null);
      },
    });
  }
}

function schemaOf(tag: string, endpoint: Endpoint, inQuery: boolean): FastifySchema {
  const schema: FastifySchema = { tags: [tag], summary: endpoint.summary };
  if (endpoint.input) schema[inQuery ? 'querystring' : 'body'] = endpoint.input;
  if (endpoint.transport === 'multipart') schema.consumes = ['multipart/form-data'];
  // A file or a stream is not an envelope: the handler answers it, nothing to serialize.
  if (endpoint.transport === 'file' || endpoint.transport === 'stream') return schema;
  const nothing = endpoint.reply instanceof z.ZodNull;
  schema.response = { 200: nothing ? emptyEnvelope : envelope(endpoint.reply) };
  return schema;
}

function assertProjectInput(name: string, endpoint: Endpoint): void {
  if (!isProjectWho(endpoint.who)) return;
  const field = endpoint.projectField ?? 'projectId';
  const shape = endpoint.input instanceof z.ZodObject ? endpoint.input.shape : undefined;
  if (!shape || !(field in shape)) throw new Error(`${name}: a ${endpoint.who} endpoint needs ${field}`);
}
