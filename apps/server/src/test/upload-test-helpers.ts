import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { contract, type Endpoint, type InputOf, type ReplyOf } from '@koma/shared/contract';
import sharp from 'sharp';
import { type ApiResult, withQuery } from './api.js';
import type { TestApp } from './test-app.js';

/** Test helpers: multipart/form-data bodies built by hand (as a buffer or a stream) and upload calls. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer | GeneratedData; contentType?: string };

/** Content produced on the fly, so a 100 MiB body never sits in memory. */
export interface GeneratedData {
  size: number;
  byte?: number;
}

const CHUNK = 256 * 1024;

function* generate(data: GeneratedData): Generator<Buffer> {
  const chunk = Buffer.alloc(Math.min(CHUNK, data.size), data.byte ?? 0x61);
  for (let left = data.size; left > 0; left -= chunk.length) {
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
}

function* bodyChunks(boundary: string, parts: FormPart[]): Generator<Buffer> {
  for (const part of parts) {
    if ('value' in part) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
      );
      continue;
    }
    const type = part.contentType ?? 'application/octet-stream';
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    );
    if (Buffer.isBuffer(part.data)) yield part.data;
    else yield* generate(part.data);
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

export function multipartBody(parts: FormPart[]) {
  const boundary = `----koma${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([...bodyChunks(boundary, parts)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function multipartStream(parts: FormPart[]) {
  const boundary = `----koma${randomBytes(8).toString('hex')}`;
  const payload = Readable.from(bodyChunks(boundary, parts), { objectMode: false });
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Sends a multipart form to an upload endpoint of the contract, logged in as `token` (or
 * anonymous when null); the endpoint's input, if any, goes in the query string.
 */
export async function sendForm<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  parts: FormPart[],
  token: string | null,
  query: InputOf<E>,
): Promise<ApiResult<ReplyOf<E>>> {
  const { payload, headers } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: withQuery(endpoint.path, query),
    payload,
    headers: { ...headers, ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json() };
}

/** An upload (uploads.upload), logged in as `token` (or anonymous when null). */
export function upload(
  t: TestApp,
  parts: FormPart[],
  token: string | null,
  query: InputOf<typeof contract.uploads.upload> = {},
) {
  return sendForm(t, contract.uploads.upload, parts, token, query);
}

/** The usual form: the type first, then the file. */
export const form = (type: number | string, filename: string, data: Buffer): FormPart[] => [
  { name: 'type', value: String(type) },
  { name: 'file', filename, data },
];

/** A small valid image, made by sharp. */
export const image = (format: 'png' | 'gif' | 'jpeg', width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background: '#f00' } })
    [format]()
    .toBuffer();
