import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries; logged when mail goes to a folder, so a local user can follow it. */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notice mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: MailMessage): Promise<void>;
  /** Closes the SMTP connections kept open between mails (after the jobs have stopped). */
  close?(): void;
}

/**
 * What nodemailer sends. Bodies and headers in base64: for Japanese text nodemailer would often
 * pick quoted-printable (markup and links count as Latin), which writes each character as nine
 * bytes against four, and costs more to encode (bench/README.md, "The daily digest").
 */
function messageOf(config: Config, mail: MailMessage) {
  const { to, subject, text, html, headers } = mail;
  return { from: config.mailFrom, to, subject, text, html, headers, textEncoding: 'base64' as const };
}

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under DATA_DIR/mail. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    // Mail goes out from a job (infra/jobs.ts): a server that stops answering fails the attempt,
    // which is retried, well within the job's expiry (nodemailer waits up to 10 minutes otherwise).
    // Pooled: connections stay open between mails. A new connection per mail took 160 ms on this
    // machine, against 13 ms reusing one (bench/README.md, "The daily digest"), and a digest hour
    // hands thousands of mails to SMTP.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 10,
      dnsTimeout: 10_000,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        await transport.sendMail(messageOf(config, mail));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(messageOf(config, mail));
      await fs.mkdir(config.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(config.mailDir, name);
      // Temp file then rename: a reader never sees half a mail.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      log.info(
        { to: mail.to, file, link: mail.link },
        `mail written to ${file}${mail.link ? ` — link: ${mail.link}` : ''}`,
      );
    },
  };
}
