import { z } from 'zod';
import { fileQuery, uploadData, uploadQuery } from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Uploaded files and the stored files behind their paths (docs/files.md). */
export const uploads = endpoints(routes.uploads, {
  upload: {
    // The type travels as a form field before the file, or here; the handler reads the form.
    input: uploadQuery,
    reply: uploadData,
    who: Who.USER,
    summary: 'Upload a file (multipart: type, then file)',
  },
  file: {
    input: fileQuery,
    reply: z.null(),
    who: Who.SIGNED_LINK,
    summary: 'A stored file (avatars: ?w=80 for the thumbnail)',
  },
  rendition: {
    /** `download=1`: a watermarked viewer's original download, the preview as an attachment (docs/renditions.md). */
    input: z.object({ download: z.literal('1').optional() }),
    reply: z.null(),
    who: Who.SIGNED_LINK,
    summary: 'A thumbnail, preview or deep-zoom tile of a page file, behind a signed folder link',
  },
});
