import { ApiStatus, isMessageKey, type Language, message } from '@koma/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

function send(reply: FastifyReply, http: number, status: number, info: string) {
  return reply.code(http).send({ status, info, data: null });
}

/** The first failing field's message: schemas carry message keys, shown in the caller's language. */
function validationInfo(error: FastifyError, lang: Language): string {
  const first = error.validation?.[0]?.message ?? '';
  return message(isMessageKey(first) ? first : 'invalidValue', lang);
}

/** Maps every failure onto the envelope and codes of DESIGN.md section 3. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      return send(reply, error.httpStatus, error.bodyStatus, message(error.key, lang));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(reply, 400, ApiStatus.BAD_INPUT, validationInfo(error, lang));
    }
    const http = error.statusCode ?? 500;
    if (http === 413) return send(reply, 413, ApiStatus.TOO_LARGE, message('tooLarge', lang));
    if (http === 429) return send(reply, 429, ApiStatus.TOO_MANY_REQUESTS, message('tooManyRequests', lang));
    if (http >= 400 && http < 500) {
      // Malformed JSON, a wrong content type and the like: bad input, nothing changed.
      return send(reply, 400, ApiStatus.BAD_INPUT, message('invalidValue', lang));
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, ApiStatus.UNEXPECTED, message('unexpected', lang));
  });
});

/** Unknown API paths answer the 404 envelope; other GETs get the web app, whose router shows /404. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/admin/');
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, ApiStatus.NOT_FOUND, message('notFound', request.lang));
}
