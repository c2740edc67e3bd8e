import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createMailer } from './mailer.js';

const quietLog = { info() {} } as unknown as FastifyBaseLogger;
const mail = {
  to: 'new.member@example.com',
  subject: 'Koma 登録のご確認',
  text: 'リンクを開いて登録を完了してください。',
  html: '<p>リンクを開いて登録を完了してください。</p>',
  link: 'http://localhost:3000/confirm?token=abc',
};

interface SmtpSession {
  commands: string[];
  data: string;
}

/**
 * The smallest SMTP server that accepts one message: enough to prove the mailer speaks SMTP to the
 * address in SMTP_URL. Hand-written because a test needs no real mail server or extra package.
 */
async function smtpServer(): Promise<{ url: string; session: SmtpSession; close: () => Promise<void> }> {
  const session: SmtpSession = { commands: [], data: '' };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        session.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        socket.write('250 queued\r\n');
      }
      for (let eol = buffer.indexOf('\r\n'); eol !== -1 && !inData; eol = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        session.commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    session,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('mail', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function dataDir() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-mail-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('is delivered to the SMTP server named in SMTP_URL, from MAIL_FROM to the member', async () => {
    const smtp = await smtpServer();
    cleanups.push(smtp.close);
    const dir = await dataDir();
    const config = loadConfig({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Koma <no-reply@koma.example>',
      DATA_DIR: dir,
    });

    const mailer = createMailer(config, quietLog);
    await mailer.send(mail);
    // The pool keeps its connection open for the next mail: closed, so the server can stop.
    mailer.close?.();

    expect(smtp.session.commands).toEqual(
      expect.arrayContaining([
        'MAIL FROM:<no-reply@koma.example>',
        'RCPT TO:<new.member@example.com>',
        'DATA',
      ]),
    );
    expect(smtp.session.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(smtp.session.data).toContain('To: new.member@example.com');
    // Nothing is written to the mail folder when SMTP delivers.
    await expect(fs.readdir(config.mailDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is written whole to DATA_DIR/mail as an .eml file without SMTP_URL', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });

    await createMailer(config, quietLog).send(mail);

    const files = await fs.readdir(config.mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(config.mailDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: new.member@example.com');
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8/im);
  });
});
