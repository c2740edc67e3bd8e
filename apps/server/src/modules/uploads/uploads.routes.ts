import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { notFound } from '../../lib/app-error.js';
import { attachmentDisposition } from '../../lib/content-disposition.js';
import { recordOriginalDownload } from '../access-record/access-record.service.js';
import { openRendition } from '../renditions/rendition-links.js';
import { THUMBNAIL_SIZE } from './thumbnails.js';
import { readUploadForm } from './upload-form.js';
import { createUploadsService, type OpenedFile } from './uploads.service.js';

export async function uploadsRoutes(app: FastifyInstance) {
  const uploads = createUploadsService(app.deps);
  implement(app, 'uploads', contract.uploads, {
    upload: async ({ input, user, request }) => {
      const { type, file } = await readUploadForm(request, input.type);
      return uploads.upload(user.id, type, file);
    },
    file: async ({ input: { w, exp, sig, by }, request, reply }) => {
      const key = (request.params as { '*': string })['*'];
      const file = await uploads.open(key, w === String(THUMBNAIL_SIZE), { exp, sig, by });
      if (!file) throw notFound();
      if (by) await recordOriginalDownload(app.deps, key, Number(by), request.ip);
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
    rendition: async ({ input, request, reply }) => {
      const download = input.download === '1';
      const rest = (request.params as { '*': string })['*'];
      const file = await openRendition(app.deps, rest, request.ip, download);
      if (!file) throw notFound();
      if (download) reply.header('content-disposition', attachmentDisposition('page.webp'));
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', file.cacheControl)
        .send(file.stream);
    },
  });
}

function dispositionOf(file: OpenedFile): string {
  return file.inline ? 'inline' : attachmentDisposition(file.downloadName);
}
