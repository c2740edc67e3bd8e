import type { Endpoint, InputOf, ReplyOf } from '@koma/shared/contract';
import type { TestApp } from './test-app.js';

/** What a test reads back: the HTTP status and the envelope, its `data` typed as the endpoint's reply. */
export interface ApiResult<T> {
  http: number;
  body: { status: number; info: string; data: T };
}

/**
 * Calls one endpoint of the contract (`contract.<domain>.<name>` from @koma/shared/contract) as
 * the web app does: method and path come from the contract, the input is type-checked against
 * the endpoint's schema and the reply's `data` is typed, so a renamed path or field fails the
 * type-check of the tests too. The reply type is the success shape; an error's `data` is null.
 */
export function call<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  input: InputOf<E>,
  token?: string,
): Promise<ApiResult<ReplyOf<E>>> {
  return callUnchecked(t, endpoint, input, token);
}

/**
 * The same with an input the schema would refuse, for the tests of validation and of hostile
 * clients: it is sent as given.
 */
export async function callUnchecked<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  input: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<ApiResult<ReplyOf<E>>> {
  const res = await t.app.inject({
    method: endpoint.method,
    url: endpoint.method === 'GET' ? withQuery(endpoint.path, input) : endpoint.path,
    ...(endpoint.method === 'POST' && input !== undefined ? { payload: input as object } : {}),
    headers: { ...headers, ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json() };
}

/** The endpoint's path with `input` as its query string (a GET call's input, or an upload's). */
export function withQuery(path: string, input: unknown): string {
  if (!input || typeof input !== 'object') return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
