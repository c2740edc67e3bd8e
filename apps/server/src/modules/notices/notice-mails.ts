import {
  type Language,
  MAIL_SETTINGS_PATH,
  type NoticeTarget,
  noticeMailPath,
  noticeMailTexts,
  noticeText,
} from '@koma/shared';
import type { MailMessage } from '../../infra/mailer.js';
import { escapeHtml } from '../../lib/html-escape.js';

/** A stored notice as its mail needs it. */
export interface MailedNotice {
  kind: string;
  params: Record<string, string | number>;
  target: NoticeTarget | null;
  createdAt: Date;
}

/** Where the mail goes and what its footer links to; `unsubscribeUrl` is the one-click POST link. */
export interface MailReader {
  to: string;
  lang: Language;
  publicUrl: string;
  unsubscribeUrl: string;
}

const BODY_START = (lang: Language) =>
  `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.7">`;

/** RFC 8058: the mail client posts `List-Unsubscribe=One-Click` to the link, no session needed. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function footer(reader: MailReader) {
  const t = noticeMailTexts(reader.lang);
  const settings = `${reader.publicUrl}${MAIL_SETTINGS_PATH}`;
  return {
    text: ['', '--', `${t.settings}${settings}`, '', t.signature],
    html:
      `<hr><p style="font-size:small">${escapeHtml(t.settings)}` +
      `<a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>` +
      `<p style="font-size:small">${escapeHtml(t.signature)}</p>`,
  };
}

/** One notice, mailed at once: what happened (the bell's text), and a link straight to it. */
export function noticeMail(notice: MailedNotice, reader: MailReader): MailMessage {
  const t = noticeMailTexts(reader.lang);
  const what = noticeText(notice.kind, notice.params, reader.lang);
  const link = `${reader.publicUrl}${noticeMailPath(notice.target)}`;
  const end = footer(reader);
  // A subject is one line: a reply message in the notice may hold line breaks.
  const subject = t.subject(what.replace(/\s+/g, ' ').slice(0, 150));
  return {
    to: reader.to,
    subject,
    text: [what, '', `${t.open}${link}`, ...end.text].join('\n'),
    html:
      `${BODY_START(reader.lang)}<p>${escapeHtml(what)}</p>` +
      `<p>${escapeHtml(t.open)}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `${end.html}</body></html>`,
    link,
    headers: unsubscribeHeaders(reader.unsubscribeUrl),
  };
}

/**
 * The daily digest: the notices (newest first, at most what `notices` holds) grouped by project,
 * the group of the newest first, and how many more there were (`total`).
 */
export function digestMail(notices: MailedNotice[], total: number, reader: MailReader): MailMessage {
  const t = noticeMailTexts(reader.lang);
  const groups = new Map<string, MailedNotice[]>();
  for (const n of notices) {
    const project = n.target?.project_id && n.params.project ? String(n.params.project) : t.otherProject;
    groups.set(project, [...(groups.get(project) ?? []), n]);
  }
  const text: string[] = [t.digestIntro, ''];
  let html = `${BODY_START(reader.lang)}<p>${escapeHtml(t.digestIntro)}</p>`;
  for (const [project, items] of groups) {
    text.push(`■ ${project}`);
    html += `<h3>${escapeHtml(project)}</h3><ul>`;
    for (const n of items) {
      const what = noticeText(n.kind, n.params, reader.lang);
      const link = `${reader.publicUrl}${noticeMailPath(n.target)}`;
      text.push(`・${what}`, `  ${link}`);
      html += `<li><a href="${escapeHtml(link)}">${escapeHtml(what)}</a></li>`;
    }
    text.push('');
    html += '</ul>';
  }
  if (total > notices.length) {
    text.push(t.more(total - notices.length));
    html += `<p>${escapeHtml(t.more(total - notices.length))}</p>`;
  }
  const end = footer(reader);
  return {
    to: reader.to,
    subject: t.digestSubject(total),
    text: [...text, ...end.text].join('\n'),
    html: `${html}${end.html}</body></html>`,
    headers: unsubscribeHeaders(reader.unsubscribeUrl),
  };
}
