import { ApiStatus, isMessageKey, type Language, message, messageWithWait } from '@koma/shared';
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

/** PostgreSQL's codes for "cannot connect now" and "shutting down", and the socket's own. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);

/**
 * True when a failure means the database cannot be reached for the moment (down, restarting):
 * the caller is told to try again (503) rather than that something broke. Drivers and drizzle
 * wrap the cause, so the chain is followed a few steps.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE.has(code) || code.startsWith('08'))) return true;
    if (/^Connection terminated/.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** A 503 tells the client to try again after this many seconds. */
const RETRY_AFTER_SECONDS = '5';

/** Maps every failure onto the envelope and codes of docs/error-codes.md. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      if (error.httpStatus === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
      const wait = error.retryAfterMs;
      if (wait === undefined)
        return send(reply, error.httpStatus, error.bodyStatus, message(error.key, lang));
      reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
      return send(reply, error.httpStatus, error.bodyStatus, messageWithWait(error.key, wait, lang));
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
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      return send(reply, 503, ApiStatus.UNAVAILABLE, message('restarting', lang));
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, ApiStatus.UNEXPECTED, message('unexpected', lang));
  });
});

/**
 * Errors Fastify raises before routing (a URL with a bad percent escape, FST_ERR_BAD_URL): the 400
 * envelope instead of Fastify's own body. The request's hooks have not run, so the default language.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 400, ApiStatus.BAD_INPUT, message('invalidValue'));
}

/** Unknown API paths answer the 404 envelope; other GETs get the web app, whose router shows /404. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/admin/');
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, ApiStatus.NOT_FOUND, message('notFound', request.lang));
}
