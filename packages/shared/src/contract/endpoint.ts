import type { z } from 'zod';
import type { Who } from './who.js';

/**
 * One call of the API: where it lives (routes.ts), what it takes and answers (zod schemas of the
 * input and of the envelope's `data`) and who may call it. Both sides are built from it: the
 * server registers and guards the route (apps/server/src/http/implement.ts), the web's `call`
 * (apps/web/src/lib/api-client.ts) types its input and reply, so a renamed field or path fails
 * the type-check on both sides (docs/architecture.md, "The contract").
 */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /**
   * How the call travels; JSON when absent. `multipart`: an upload, the input is the query string
   * and the handler reads the form. `file` and `stream`: the reply is a file or a live stream,
   * not an envelope; the input is the query string. `oneClick`: a mail's one-click unsubscribe
   * (RFC 8058), posted by the mail client with the form body `List-Unsubscribe=One-Click`, which
   * is not read; the input is the link's query string.
   */
  readonly transport?: 'multipart' | 'file' | 'stream' | 'oneClick';
}

export interface EndpointSpec<I extends z.ZodType | null, O extends z.ZodType> {
  /** The JSON body (POST) or query string (GET); null when the call takes nothing. */
  readonly input: I;
  /** The envelope's `data`; z.null() when the call answers only an info text. */
  readonly reply: O;
  readonly who: Who;
  /**
   * The input field naming the project for the project roles of `who`, when it is not
   * `projectId` (older calls keep their wire names, e.g. `proId`).
   */
  readonly projectField?: string;
  /** One line for the API documentation. */
  readonly summary: string;
}

export type Endpoint<
  R extends Route = Route,
  I extends z.ZodType | null = z.ZodType | null,
  O extends z.ZodType = z.ZodType,
> = R & EndpointSpec<I, O>;

/** A domain's endpoints: its routes (from routes.ts) joined with their specs, name by name. */
export function endpoints<
  const R extends Record<string, Route>,
  const S extends { [K in keyof R]: EndpointSpec<z.ZodType | null, z.ZodType> },
>(routes: R, specs: S): { [K in keyof R]: R[K] & S[K] } {
  const out = {} as { [K in keyof R]: R[K] & S[K] };
  for (const name of Object.keys(routes) as (keyof R)[]) out[name] = { ...routes[name], ...specs[name] };
  return out;
}

/** What the caller sends (before defaults apply). */
export type InputOf<E extends Endpoint> = E['input'] extends z.ZodType ? z.input<E['input']> : undefined;
/** What the handler receives (after parsing and defaults). */
export type ParsedInputOf<E extends Endpoint> = E['input'] extends z.ZodType
  ? z.output<E['input']>
  : undefined;
/** What the caller receives in `data`. */
export type ReplyOf<E extends Endpoint> = z.output<E['reply']>;
/** What the handler returns as `data` (before the response schema serializes it). */
export type ReplyInputOf<E extends Endpoint> = z.input<E['reply']>;
