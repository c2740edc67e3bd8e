import type { Endpoint, InputOf, ReplyOf } from '@koma/shared/contract';
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Calls one endpoint of the contract (`contract.<domain>.<name>`) with the session token: path and
 * method come from the contract and the input is type-checked against its schema, so a setup
 * step cannot drift from the API. Fails the test unless the answer is 200; returns `data`.
 */
export async function apiCall<E extends Endpoint>(
  request: APIRequestContext,
  token: string,
  endpoint: E,
  input: InputOf<E>,
): Promise<ReplyOf<E>> {
  const headers = { token };
  const res =
    endpoint.method === 'GET'
      ? await request.get(endpoint.path, { headers, params: queryOf(input) })
      : await request.post(endpoint.path, { headers, data: input ?? {} });
  expect(res.status(), `${endpoint.path}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as ReplyOf<E>;
}

function queryOf(input: unknown): Record<string, string> {
  if (!input || typeof input !== 'object') return {};
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}
