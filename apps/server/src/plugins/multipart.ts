import multipart from '@fastify/multipart';
import { LIMITS } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for the upload calls. The body is streamed, never buffered, so Fastify's
 * 1 MiB body limit (kept for JSON) does not apply here; these limits bound a multipart request instead.
 * The parser cuts a file one byte past the largest limit, so the byte counter of each upload sees
 * the overflow and refuses it with the right message; smaller per-type limits are counted there too.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    // The services answer over-limit files themselves (413 with the type's message).
    throwFileSizeLimit: false,
    limits: {
      fileSize: LIMITS.fileMaxBytes + 1,
      files: 1,
      fields: 10,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 11,
      headerPairs: 50,
    },
  });
});
