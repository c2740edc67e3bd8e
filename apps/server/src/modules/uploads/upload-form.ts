import { PassThrough, type Readable } from 'node:stream';
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
  const { fields, file } = await readFormUpToFile(request);
  const type = fields.type ?? queryType;
  if (type === undefined) throw badInput('uploadTypeInvalid');
  return { type, file };
}

/**
 * The file part as a stream that fails when the body ends inside the file (a truncated or aborted
 * upload). The parser then destroys its file stream, with its own error or none, before a reader is
 * attached (the storage, a few awaits later), which would wait forever or fail as a server error:
 * the request would never be answered, or answered 500 instead of 400.
 */
function failOnCut(part: Readable): Readable {
  const file = new PassThrough();
  // The reader's pipeline sees the error; until one is attached it must not crash the process.
  file.on('error', () => {});
  const cut = () => {
    if (!part.readableEnded) file.destroy(badInput());
  };
  if (part.destroyed) cut();
  else part.once('close', cut);
  part.once('error', (err) => file.destroy(err));
  part.pipe(file);
  return file;
}

/**
 * Reads a multipart form's fields up to its file part (the first value of each field wins) and
 * hands the file over still streaming: whatever decides about the file must come before it.
 */
export async function readFormUpToFile(
  request: FastifyRequest,
): Promise<{ fields: Partial<Record<string, string>>; file: IncomingFile }> {
  if (!request.isMultipart()) throw badInput('fileRequired');
  // No prototype: a field named __proto__ is just a field.
  const fields: Partial<Record<string, string>> = Object.create(null);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      const stream = part.file;
      return {
        fields,
        file: { filename: part.filename ?? '', stream: failOnCut(stream), truncated: () => stream.truncated },
      };
    }
  } catch (err) {
    // The parser's own errors carry a status (413 for its limits); anything else is a malformed body.
    if (err instanceof AppError || (err as FastifyError).statusCode) throw err;
    throw badInput();
  }
  throw badInput('fileRequired');
}
