import { COOKIE, emptyEnvelope, envelope, LiveEvent, noticeListBody, noticeListData } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notLoggedIn } from '../../lib/app-error.js';
import { Access, currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { resolveSession } from '../accounts/sessions.service.js';
import { createNoticesService } from './notices.service.js';

const tags = ['notices'];
const HEARTBEAT_MS = 25_000;

export async function noticesRoutes(app: FastifyInstance) {
  const notices = createNoticesService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Open event streams, ended before the server closes so a shutdown never waits on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  r.post(
    '/api/notice/getList',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'My notices, newest first',
        body: noticeListBody,
        response: { 200: envelope(noticeListData) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.body;
      return reply.ok(await notices.list(currentUser(request).id, page, pageSize, request.lang));
    },
  );

  r.post(
    '/api/notice/read',
    {
      config: { who: Who.USER },
      schema: { tags, summary: 'Mark my notices read', response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      await notices.markRead(currentUser(request).id);
      return reply.ok(null);
    },
  );

  // Server-sent events. EventSource cannot send headers, so this one call reads the session
  // cookie the web app keeps; it only ever tells "something changed", never data.
  r.get(
    '/api/notice/stream',
    {
      config: { who: Who.USER, access: Access.PUBLIC, rateLimit: false },
      schema: { tags, summary: 'Live events (SSE)' },
    },
    async (request, reply) => {
      const token = request.cookies[COOKIE.token];
      const user = token ? await resolveSession(app.deps.db, token) : null;
      if (!token || !user) throw notLoggedIn();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const unsubscribe = app.deps.live.subscribe(user.id, (message) => {
        res.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data ?? {})}\n\n`);
        // The account was disabled or its password reset: the page is told, then the stream ends
        // (EventSource's reconnection then meets the 401 and stops).
        if (message.event === LiveEvent.SESSION_ENDED) end();
      });
      const heartbeat = setInterval(() => {
        res.write(': keep-alive\n\n');
        // A missed SESSION_ENDED (the LISTEN connection was down), a logout or an expiry: the
        // session is read again at each heartbeat, so no stream outlives its session for long.
        resolveSession(app.deps.db, token).then(
          (still) => {
            if (!still) end();
          },
          () => {},
        );
      }, HEARTBEAT_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        res.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
}
