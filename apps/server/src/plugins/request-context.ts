import { COOKIE, DEFAULT_LANGUAGE, LANGUAGES, type Language, type MessageKey, message } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The interface language chosen in the web app (cookie), for localized infos. */
    lang: Language;
  }
  interface FastifyReply {
    /** Sends the success envelope: HTTP 200, body status 200, the info in the caller's language. */
    ok<T>(data: T, info?: MessageKey): FastifyReply;
  }
}

export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    const lang = request.cookies[COOKIE.lang];
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) request.lang = lang as Language;
  });
  app.decorateReply('ok', function ok<
    T,
  >(this: import('fastify').FastifyReply, data: T, info: MessageKey = 'ok') {
    return this.code(200).send({ status: 200, info: message(info, this.request.lang), data });
  });
});
