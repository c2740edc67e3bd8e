import type { Language } from '../enums.js';
import { interpolate } from './interpolate.js';
import { SERVER_TEXTS } from './resources.js';

export type MailKind = 'confirmation' | 'resetPassword';

/** The texts of an account mail in a language (i18n/<lang>/mails.json), placeholders filled. */
export function mailTexts(kind: MailKind, lang: Language, params: { nickname: string; hours: number }) {
  const texts = SERVER_TEXTS[lang].mails;
  const mail = texts[kind];
  return {
    subject: mail.subject,
    greeting: interpolate(texts.greeting, params),
    lines: [mail.thanks, interpolate(mail.action, params)],
    disclaimer: texts.disclaimer,
    signature: texts.signature,
  };
}
