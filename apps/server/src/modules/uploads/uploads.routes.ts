import { envelope, uploadData } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { attachmentDisposition } from '../../lib/content-disposition.js';
import { Access, currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { THUMBNAIL_SIZE } from './thumbnails.js';
import { readUploadForm } from './upload-form.js';
import { createUploadsService, type OpenedFile } from './uploads.service.js';

const tags = ['uploads'];
const uploadQuery = z.object({ type: z.string().max(10).optional() });
const fileQuery = z.object({
  w: z.string().max(10).optional(),
  // A signed link's expiry and signature (private types).
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

export async function uploadsRoutes(app: FastifyInstance) {
  const uploads = createUploadsService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/uploadFile/upload',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Upload a file (multipart: type, then file)',
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: { 200: envelope(uploadData) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { type, file } = await readUploadForm(request, request.query.type);
      return reply.ok(await uploads.upload(user.id, type, file));
    },
  );

  r.get(
    '/api/files/*',
    {
      config: { who: Who.SIGNED_LINK, access: Access.PUBLIC },
      schema: { tags, summary: 'A stored file (avatars: ?w=80 for the thumbnail)', querystring: fileQuery },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { w, exp, sig } = request.query;
      const file = await uploads.open(key, w === String(THUMBNAIL_SIZE), { exp, sig });
      if (!file) throw notFound();
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          // Keys are never reused, so a stored file never changes; a private one stays out of shared caches.
          .header('cache-control', file.private ? 'private, no-store' : 'public, max-age=31536000, immutable')
          .header('content-disposition', dispositionOf(file))
          .send(file.stream)
      );
    },
  );
}

function dispositionOf(file: OpenedFile): string {
  return file.inline ? 'inline' : attachmentDisposition(file.downloadName);
}
