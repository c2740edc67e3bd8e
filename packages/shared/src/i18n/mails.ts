import type { Language } from '../enums.js';
import { interpolate } from './interpolate.js';
import { SERVER_TEXTS } from './resources.js';

const LOCALES: Record<Language, string> = { ja: 'ja-JP', zh: 'zh-CN', en: 'en-US' };

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

/** The words around notices in their mails (i18n/<lang>/mails.json, `notice`), placeholders as given. */
export function noticeMailTexts(lang: Language) {
  const texts = SERVER_TEXTS[lang].mails;
  const t = texts.notice;
  return {
    subject: (notice: string) => interpolate(t.subject, { notice }),
    digestSubject: (count: number) => interpolate(t.digestSubject, { count }),
    more: (count: number) => interpolate(t.more, { count }),
    open: t.open,
    digestIntro: t.digestIntro,
    otherProject: t.otherProject,
    settings: t.settings,
    unsubscribe: t.unsubscribe,
    signature: texts.signature,
  };
}

/**
 * The words of a mailed team invitation (i18n/<lang>/mails.json, `teamInvitation`), in the
 * inviter's language: who invites, to what part, until when. It says nothing of whether the
 * address has an account (docs/access.md, "Inviting").
 */
export function teamInvitationMailTexts(
  lang: Language,
  invitation: { inviter: string; project: string; position: string; chapter: string | null; expires: Date },
) {
  const texts = SERVER_TEXTS[lang].mails;
  const mail = texts.teamInvitation;
  // The day the link stops working, as the studio's calendar counts days (Tokyo).
  const expires = new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'long',
    timeZone: 'Asia/Tokyo',
  }).format(invitation.expires);
  const scope = invitation.chapter ?? SERVER_TEXTS[lang].notices.wholeProject;
  const { inviter, project, position } = invitation;
  const params = { inviter, project, position, scope, expires };
  return {
    subject: interpolate(mail.subject, params),
    greeting: mail.greeting,
    lines: [interpolate(mail.intro, params), interpolate(mail.action, params)],
    disclaimer: texts.disclaimer,
    signature: texts.signature,
  };
}
