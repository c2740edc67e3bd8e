import { type Language, LIMITS, type MailKind, mailTexts } from '@koma/shared';
import type { MailMessage } from '../../infra/mailer.js';
import { escapeHtml } from '../../lib/html-escape.js';

/** A mail with a link, written in the language of the request that asked for it. */
interface LinkMail {
  to: string;
  nickname: string;
  link: string;
  lang: Language;
}

/** A mail's words, as mailTexts and the other mail texts of @koma/shared give them. */
type MailWords = ReturnType<typeof mailTexts>;

/** A mail of `words` around one link, as text and as HTML (every word escaped). */
export function linkMessage(words: MailWords, to: string, link: string, lang: Language): MailMessage {
  const { subject, greeting, lines, disclaimer, signature } = words;
  const footer = ['', disclaimer, '', signature];
  const text = [greeting, '', ...lines, '', link, ...footer].join('\n');
  const paragraphs = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.7">` +
    `<p>${escapeHtml(greeting)}</p>${paragraphs}` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    footer.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    '</body></html>';
  return { to, subject, text, html, link };
}

function build(kind: MailKind, { to, nickname, link, lang }: LinkMail): MailMessage {
  return linkMessage(mailTexts(kind, lang, { nickname, hours: LIMITS.mailLinkHours }), to, link, lang);
}

export function confirmationMail(mail: LinkMail): MailMessage {
  return build('confirmation', mail);
}

export function resetPasswordMail(mail: LinkMail): MailMessage {
  return build('resetPassword', mail);
}
