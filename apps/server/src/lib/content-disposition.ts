import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * An attachment header (RFC 6266 / 5987): an ASCII fallback name plus the exact UTF-8 one, so
 * Japanese names survive.
 */
export function attachmentDisposition(name?: string): string {
  if (!name) return 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** Sends a generated file (a zip, a PDF) as it is produced, named for the downloads, never cached. */
export function sendAttachment(
  reply: FastifyReply,
  type: string,
  file: { stream: Readable; fileName: string },
) {
  return reply
    .header('content-type', type)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
