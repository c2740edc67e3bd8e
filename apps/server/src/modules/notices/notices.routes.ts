import { LiveEvent } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { implement } from '../../http/implement.js';
import { resolveSession, type SessionUser } from '../accounts/sessions.service.js';
import { createNoticeMailService } from './notice-mail.service.js';
import { createNoticesService } from './notices.service.js';

/** How often an open stream reads its session again and renews its slot's lease. */
const RECHECK_MS = 25_000;
/** How long EventSource waits before it reconnects after a lost connection. */
const RETRY_MS = 3_000;

export async function noticesRoutes(app: FastifyInstance) {
  const notices = createNoticesService(app.deps);
  const mails = createNoticeMailService(app.deps);
  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` form-encoded (RFC
  // 8058); the token is in the link's query, so the body is not read. Only in this module's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null));
  // Open event streams, ended (and their slots freed) before the server closes, so a shutdown
  // never waits on them.
  const streams = new Set<() => Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.all([...streams].map((end) => end()));
  });

  // Server-sent events through @fastify/sse (app.ts); it only ever tells "something changed",
  // never data. The session comes from the cookie (EventSource cannot send headers; implement()
  // reads it for streams).
  async function stream(user: SessionUser, request: FastifyRequest, reply: FastifyReply) {
    // Set with the user by plugins/auth.ts, from the cookie (sessionCookie).
    const token = request.sessionToken as string;
    // Refused (429 liveStreamsFull) before the stream starts: EventSource then gives up.
    const slot = await notices.openStream(user.id);
    const sse = reply.sse;
    sse.keepAlive();
    // A proxy that compresses would hold the events back.
    reply.header('cache-control', 'no-cache, no-transform');
    const unsubscribe = app.deps.live.subscribe(user.id, (message) => {
      sse.send({ event: message.event, data: message.data ?? {} }).catch(() => {});
      // The account was disabled or its password reset: the page is told, then the stream ends
      // (EventSource's reconnection then meets the 401 and stops).
      if (message.event === LiveEvent.SESSION_ENDED) void end();
    });
    // A missed SESSION_ENDED (the LISTEN connection was down), a logout or an expiry: the session
    // is read again now and then, so no stream outlives its session for long. The slot's lease is
    // renewed too; one that ended meanwhile may be counted for another stream already, so this
    // one ends (and EventSource asks for a slot again).
    const recheck = setInterval(() => {
      Promise.all([resolveSession(app.deps.db, token), notices.renewStream(slot)]).then(
        ([still, renewed]) => {
          if (!still || !renewed) void end();
        },
        () => {},
      );
    }, RECHECK_MS);
    let ended: Promise<void> | null = null;
    const end = () => {
      if (ended) return ended;
      // A failed release leaves the slot to its lease's end.
      ended = notices.closeStream(slot).catch((err: unknown) => {
        request.log.warn({ err }, 'could not free a live stream slot');
      });
      void ended.finally(() => streams.delete(end));
      clearInterval(recheck);
      unsubscribe();
      sse.close();
      return ended;
    };
    streams.add(end);
    sse.onClose(() => void end());
    // The client may have gone while the slot was taken: its close has passed already.
    if (!sse.isConnected) {
      void end();
      return reply;
    }
    // A message of `retry:` alone (no data, so no event fires) opens the stream.
    await sse.send({ data: undefined, retry: RETRY_MS });
    return reply;
  }

  implement(app, 'notices', contract.notices, {
    list: ({ input, user, request }) => notices.list(user.id, input.page, input.pageSize, request.lang),
    read: async ({ user }) => {
      await notices.markRead(user.id);
      return null;
    },
    stream: {
      handler: ({ user, request, reply }) => stream(user, request, reply),
      // EventSource reconnects by itself; the slots (live_stream_slots) cap an account's streams.
      config: { rateLimit: false },
    },
    mailSettings: ({ user }) => mails.settings(user.id),
    saveMailSettings: async ({ input, user }) => {
      await mails.save(user.id, input);
      return null;
    },
    unsubscribe: async ({ input }) => {
      await mails.unsubscribe(input.token);
      return null;
    },
  });
}
