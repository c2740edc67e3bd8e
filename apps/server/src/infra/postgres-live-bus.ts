import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client.js';
import type { LiveBus, LiveMessage } from './live-bus.js';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (in the server's encoding). */
export const MAX_NOTIFY_BYTES = 7_999;
const DEFAULT_CHANNEL = 'koma_live';

/**
 * What travels through NOTIFY: the sending instance, the users, the event and its small data. One
 * NOTIFY carries an event to all its users: a mark drawn in a project of 30 members is one
 * statement, not 30 (bench/README.md, "Saving a mark").
 */
interface Wire {
  o: string;
  u: number[];
  e: string;
  d?: unknown;
}

const bytesOf = (wire: Wire) => Buffer.byteLength(JSON.stringify(wire));

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export interface PostgresLiveBusOptions {
  /** The server to LISTEN on, with a dedicated connection (not through a transaction pooler). */
  url: string;
  /** NOTIFY goes through the application's pool. */
  db: Db;
  log: Log;
  channel?: string;
  /** Reconnection delays: doubling from `firstMs` up to `maxMs`, with jitter. */
  retry?: { firstMs: number; maxMs: number };
  /** How often the listening connection proves it is alive (a half-open socket never errors). */
  pingEveryMs?: number;
}

export interface PostgresLiveBus extends LiveBus {
  /** Opens the listening connection; never throws: a failure is logged and retried. */
  start(): Promise<void>;
  /** Stops listening and retrying; publish still delivers to this instance's own subscribers. */
  close(): Promise<void>;
  /** Whether LISTEN is active right now. */
  readonly listening: boolean;
  /** Resolves once LISTEN is active (tests, readiness). */
  whenListening(): Promise<void>;
  /** Resolves once every NOTIFY published so far was sent: a short-lived process (npm run admin) waits for it. */
  flush(): Promise<void>;
}

/**
 * The live bus across instances: each instance keeps its own subscribers (open SSE streams, keyed
 * by user) and fans every publish out through PostgreSQL NOTIFY; one dedicated connection per
 * process LISTENs and hands other instances' messages to the local subscribers. A publish reaches
 * this instance's subscribers directly and exactly once: its own NOTIFY is recognised on return
 * and skipped. Messages sent while the listening connection is down are not replayed: events only
 * say "something changed", and pages reload their data whenever they are opened.
 */
export function createPostgresLiveBus(options: PostgresLiveBusOptions): PostgresLiveBus {
  const { url, db, log } = options;
  const channel = options.channel ?? DEFAULT_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const retry = options.retry ?? { firstMs: 250, maxMs: 30_000 };
  const pingEveryMs = options.pingEveryMs ?? 30_000;
  const instance = randomUUID();
  const subscribers = new Map<number, Set<(message: LiveMessage) => void>>();

  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];
  const sending = new Set<Promise<void>>();

  function deliver(userId: number, message: LiveMessage): void {
    const listeners = subscribers.get(userId);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(message);
      } catch (err) {
        log.warn({ err, userId, event: message.event }, 'a live event subscriber failed');
      }
    }
  }

  /** The wire with its data, or bare when the data alone would not fit in a NOTIFY. */
  function wireOf(userIds: readonly number[], message: LiveMessage): Wire {
    const bare: Wire = { o: instance, u: [], e: message.event };
    if (message.data === undefined) return bare;
    const wire = { ...bare, d: message.data };
    const widestId = userIds.reduce((widest, id) => Math.max(widest, String(id).length), 0);
    if (bytesOf(wire) + widestId <= MAX_NOTIFY_BYTES) return wire;
    // Events carry a few ids; anything this big is a mistake. The event still goes out, bare.
    log.warn(
      { event: message.event, bytes: bytesOf(wire) },
      'live event data too large for NOTIFY; other instances get the event without its data',
    );
    return bare;
  }

  /** The NOTIFY payloads for an event to these users: as many users in each as fit. */
  function encode(userIds: readonly number[], message: LiveMessage): string[] {
    const wire = wireOf(userIds, message);
    const payloads: string[] = [];
    let bytes = bytesOf(wire);
    // An id adds its digits and, after the first, a comma.
    const widthOf = (id: number) => String(id).length + (wire.u.length > 0 ? 1 : 0);
    for (const id of userIds) {
      if (wire.u.length > 0 && bytes + widthOf(id) > MAX_NOTIFY_BYTES) {
        payloads.push(JSON.stringify(wire));
        wire.u = [];
        bytes = bytesOf(wire);
      }
      bytes += widthOf(id);
      wire.u.push(id);
    }
    if (wire.u.length > 0) payloads.push(JSON.stringify(wire));
    return payloads;
  }

  function onNotification(note: pg.Notification): void {
    if (note.channel !== channel || !note.payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(note.payload) as Wire;
    } catch {
      log.warn({ payload: note.payload.slice(0, 200) }, 'unreadable live event ignored');
      return;
    }
    if (wire.o === instance) return; // delivered locally when published
    if (!Array.isArray(wire.u) || typeof wire.e !== 'string') return;
    const message = wire.d === undefined ? { event: wire.e } : { event: wire.e, data: wire.d };
    for (const userId of wire.u) if (Number.isSafeInteger(userId)) deliver(userId, message);
  }

  /** Forgets a connection that failed; the first report of it schedules the reconnection. */
  function lost(c: pg.Client, err?: Error): void {
    if (client !== c) return;
    client = null;
    stopPing();
    c.end().catch(() => {});
    if (closed) return;
    log.warn({ err: err?.message }, 'live notices: lost the LISTEN connection to PostgreSQL');
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: url,
      application_name: 'koma-live',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let dead: Error | null = null;
    // Listeners first: an 'error' without one would crash the process.
    c.on('error', (err) => {
      dead ??= err;
      lost(c, err);
    });
    c.on('end', () => {
      dead ??= new Error('connection ended');
      lost(c, dead);
    });
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (dead) throw dead;
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    startPing(c);
    for (const resolve of waiters) resolve();
    waiters = [];
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    const ceiling = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(failures, 20));
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      const attempts = failures;
      connect().then(
        () => log.info({ attempts }, 'live notices: listening on PostgreSQL again'),
        (err: Error) => {
          log.warn({ err: err.message, attempts }, 'live notices: reconnecting to PostgreSQL failed');
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref();
  }

  function startPing(c: pg.Client): void {
    stopPing();
    pingTimer = setInterval(() => {
      let timeout: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('ping timed out')), Math.min(10_000, pingEveryMs));
      });
      Promise.race([c.query('select 1'), timedOut])
        .catch((err: Error) => lost(c, err))
        .finally(() => clearTimeout(timeout));
    }, pingEveryMs);
    pingTimer.unref();
  }

  function stopPing(): void {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
  }

  return {
    publish(to, message) {
      const userIds = [...new Set(typeof to === 'number' ? [to] : to)];
      for (const userId of userIds) deliver(userId, message);
      if (closed || userIds.length === 0) return;
      for (const payload of encode(userIds, message)) {
        const sent = db.execute(sql`select pg_notify(${channel}, ${payload})`).then(
          () => {},
          (err: Error) =>
            log.warn({ err: err.message, event: message.event }, 'live event not sent to other instances'),
        );
        sending.add(sent);
        void sent.finally(() => sending.delete(sent));
      }
    },

    async flush() {
      await Promise.all([...sending]);
    },

    subscribe(userId, listener) {
      const listeners = subscribers.get(userId) ?? new Set();
      subscribers.set(userId, listeners);
      // A wrapper per subscription, so one function subscribed twice is also removed twice.
      const entry = (message: LiveMessage) => listener(message);
      listeners.add(entry);
      return () => {
        const current = subscribers.get(userId);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) subscribers.delete(userId);
      };
    },

    async start() {
      try {
        await connect();
      } catch (err) {
        log.error(
          { err: (err as Error).message },
          'live notices: cannot LISTEN on PostgreSQL; other instances’ events are missed until it reconnects',
        );
        scheduleReconnect();
      }
    },

    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopPing();
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },

    get listening() {
      return client !== null;
    },

    whenListening() {
      if (client) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
