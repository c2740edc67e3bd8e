/**
 * trial:sigterm — SIGTERM the server under load (read loops and a slow upload in flight): the
 * requests in flight finish with 200, new ones get 503 (or, once the listener is closed, a refused
 * connection), and the process exits within 10 s.
 *
 *   npm run trial:sigterm [-- --rounds 3] [--postgres]
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createThrowawayDatabase } from '../../apps/server/src/test/test-app.js';
import { startServer } from '../../bench/lib/processes.js';
import { Api, percentile, signUp, sleep, table } from './lib.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    loops: { type: 'string', default: '8' },
    postgres: { type: 'boolean', default: false },
  },
});
const ADMIN_URL = process.env.TRIAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const failures: string[] = [];
/** 2 MB in 20 pieces of 100 KiB. */
const UPLOAD_BYTES = 20 * 102_400;

interface Outcome {
  /** When the request was sent and answered (ms, performance.now()). */
  sentAt: number;
  answeredAt: number;
  /** An HTTP status, or how the connection failed. */
  result: number | 'refused' | 'closed';
  code?: string;
}

/** A multipart upload of `size` bytes sent in pieces over `ms`: a slow client on a slow link. */
function slowUpload(api: Api, token: string, size: number, ms: number) {
  const boundary = `----trial${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n4\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const pieces = 20;
  const piece = size / pieces;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) controller.enqueue(Buffer.from(head));
      if (sent >= pieces) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      await sleep(ms / pieces);
      controller.enqueue(randomBytes(piece));
      sent++;
    },
  });
  return fetch(`${api.base}/api/uploadFile/upload`, {
    method: 'POST',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
}

const codeOf = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code ?? String(err);
/** A refused connection, or one the server closed (a kept-alive socket it ended as idle). */
const classify = (err: unknown): Outcome['result'] => (codeOf(err) === 'ECONNREFUSED' ? 'refused' : 'closed');

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function round(n: number, databaseUrl: string) {
  const server = await startServer(databaseUrl, { env: { LOG_LEVEL: 'error' } });
  const api = new Api(server.base, path.join(server.dataDir, 'mail'));
  try {
    const me = await signUp(api, 'creator');
    const outcomes: Outcome[] = [];
    let stopped = false;
    const loop = async () => {
      while (!stopped) {
        const sentAt = performance.now();
        try {
          const res = await fetch(`${api.base}/api/cartoonser/index`, { headers: { token: me.token } });
          await res.arrayBuffer();
          outcomes.push({ sentAt, answeredAt: performance.now(), result: res.status });
        } catch (err) {
          outcomes.push({ sentAt, answeredAt: performance.now(), result: classify(err), code: codeOf(err) });
          await sleep(20);
        }
      }
    };
    const loops = Array.from({ length: Number(args.loops) }, loop);
    // 2 MB over 3 s: still streaming when the signal comes.
    const upload = slowUpload(api, me.token, UPLOAD_BYTES, 3_000).then(
      async (res) => ({ status: res.status, body: (await res.json()) as { data?: { size?: number } } }),
      (err: unknown) => ({ status: classify(err), body: {} as { data?: { size?: number } } }),
    );
    await sleep(800);
    const signalAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    while (isRunning(server.pid) && performance.now() - signalAt < 15_000) await sleep(5);
    const exitMs = performance.now() - signalAt;
    stopped = true;
    await Promise.all(loops);
    const up = await upload;

    // The drain began when the first 503 was answered: the signal reaches the server a little
    // after it is sent, so a request sent between the two is still served (200), as it should be.
    const drainSeen = Math.min(...outcomes.filter((o) => o.result === 503).map((o) => o.answeredAt));
    const before = outcomes.filter((o) => o.sentAt < drainSeen);
    const after = outcomes.filter((o) => o.sentAt >= drainSeen);
    const count = (list: Outcome[], r: Outcome['result']) => list.filter((o) => o.result === r).length;
    // A request the server took must never be cut off: 200, or 503 when it arrived in the drain.
    const cut = before.filter((o) => o.result !== 200 && o.result !== 503);
    const wrongAfter = after.filter(
      (o) => o.result !== 503 && o.result !== 'refused' && o.result !== 'closed',
    );
    if (up.status !== 200 || up.body.data?.size !== UPLOAD_BYTES)
      failures.push(`round ${n}: the upload in flight answered ${up.status}`);
    if (cut.length > 0)
      failures.push(
        `round ${n}: ${cut.length} requests in flight were cut: ${JSON.stringify(cut.slice(0, 3))}`,
      );
    if (wrongAfter.length > 0)
      failures.push(`round ${n}: after the signal: ${JSON.stringify(wrongAfter.slice(0, 3))}`);
    if (count(after, 503) === 0) failures.push(`round ${n}: no request answered 503 during the drain`);
    if (exitMs > 10_000) failures.push(`round ${n}: exit took ${Math.round(exitMs)} ms`);
    return {
      round: n,
      'before drain: 200': count(before, 200),
      'before: 503': count(before, 503),
      'before: cut': cut.length,
      'slow upload': up.status,
      'signal→1st 503 ms': Math.round(drainSeen - signalAt),
      'drain: 503': count(after, 503),
      'drain: refused': count(after, 'refused'),
      'drain: closed socket': count(after, 'closed'),
      'drain: other': wrongAfter.length,
      'exit ms': Math.round(exitMs),
    };
  } finally {
    await server.stop();
  }
}

let databaseUrl = '';
let drop = async () => {};
if (args.postgres) {
  const throwaway = await createThrowawayDatabase(ADMIN_URL);
  databaseUrl = throwaway.url;
  drop = throwaway.drop;
}

const rows: Awaited<ReturnType<typeof round>>[] = [];
try {
  for (let n = 1; n <= Number(args.rounds); n++) rows.push(await round(n, databaseUrl));
} catch (err) {
  failures.push(`aborted: ${(err as Error).stack ?? err}`);
} finally {
  await drop().catch(() => {});
}
console.log(
  `\ntrial:sigterm on ${args.postgres ? 'PostgreSQL' : 'PGlite'} (${args.loops} read loops + a 2 MB upload over 3 s)`,
);
table(rows);
const exits = rows.map((r) => r['exit ms']);
console.log(
  `exit after SIGTERM: p50 ${Math.round(percentile(exits, 50))} ms, max ${Math.max(...exits)} ms (limit 10,000)`,
);
if (failures.length > 0) {
  console.log(`\n${failures.join('\n')}`);
  process.exit(1);
}
