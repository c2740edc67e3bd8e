import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, badInput } from '../../lib/app-error.js';
import type { IncomingFile } from './uploads.service.js';

/**
 * Reads the upload form up to its file part: the `type` must come before the file (as a field or as
 * `?type=`), because the file is streamed as it arrives and its limits depend on the type.
 */
export async function readUploadForm(
  request: FastifyRequest,
  queryType: string | undefined,
): Promise<{ type: string; file: IncomingFile }> {
  if (!request.isMultipart()) throw badInput('fileRequired');
  let fieldType: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'type' && fieldType === undefined) fieldType = String(part.value);
        continue;
      }
      const type = fieldType ?? queryType;
      if (type === undefined) throw badInput('uploadTypeInvalid');
      const stream = part.file;
      return { type, file: { filename: part.filename ?? '', stream, truncated: () => stream.truncated } };
    }
  } catch (err) {
    // The parser's own errors carry a status (413 for its limits); anything else is a malformed body.
    if (err instanceof AppError || (err as FastifyError).statusCode) throw err;
    throw badInput();
  }
  throw badInput('fileRequired');
}
