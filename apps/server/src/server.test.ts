import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail } from './test/smtp-sink.js';

const serverFile = path.join(import.meta.dirname, 'server.ts');

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const json = { 'content-type': 'application/json' };

/** The first mail written to `mailDir`: a job sends it just after the request has answered. */
async function mailed(mailDir: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [file] = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
    if (file) return fs.readFileSync(path.join(mailDir, file), 'utf8');
    if (Date.now() > deadline) throw new Error(`no mail in ${mailDir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs up through the API, follows the mailed link from the .eml file, logs in. */
async function signUp(base: string, dataDir: string): Promise<string> {
  const email = 'shutdown@example.com';
  const password = 'manga-2025';
  await fetch(`${base}/api/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      nickname: '終了',
      email,
      password,
      type: [1],
      loginAttr: 2,
      medias: [1],
      typebigs: [1],
    }),
  });
  const { text } = parseMail(await mailed(path.join(dataDir, 'mail')));
  const mailToken = /registration\/complete\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  await fetch(`${base}/api/user/completeRegistration`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: mailToken }),
  });
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: email, password }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

describe('the server process', () => {
  it('starts on PGlite and, on SIGTERM with a live stream open, exits promptly and releases its data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-proc-'));
    const port = 4600 + Math.floor(Math.random() * 300);
    const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/user/registerInit`, 30_000);
    // An open page keeps a live-events stream: busy when the signal comes, idle right after.
    const token = await signUp(base, dataDir);
    const stream = await fetch(`${base}/api/notice/stream`, { headers: { cookie: `koma_token=${token}` } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reading = stream.body?.getReader().read();
    const started = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'koma.lock'))).toBe(false);
    await reading?.catch(() => undefined);
  }, 60_000);
});
