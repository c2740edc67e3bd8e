import { type Language, MailMode, NoticeKind } from './enums.js';

/**
 * How each kind of notice is mailed until its reader says otherwise (docs/notices.md, "By mail"):
 * at once when it asks the reader to act or sends their work back, in the daily digest otherwise.
 * A kind added later must be given its mode here (the type-check asks for it).
 */
export const NOTICE_MAIL_DEFAULTS: Record<NoticeKind, MailMode> = {
  [NoticeKind.PAIRING_RECEIVED]: MailMode.NOW,
  [NoticeKind.PAIRING_AGREED]: MailMode.DIGEST,
  [NoticeKind.PAIRING_REFUSED]: MailMode.DIGEST,
  [NoticeKind.FRIEND_AGREED]: MailMode.DIGEST,
  [NoticeKind.FRIEND_REFUSED]: MailMode.DIGEST,
  [NoticeKind.INVITATION_RECEIVED]: MailMode.NOW,
  [NoticeKind.INVITATION_ACCEPTED]: MailMode.DIGEST,
  [NoticeKind.INVITATION_REFUSED]: MailMode.DIGEST,
  [NoticeKind.APPLICATION_RECEIVED]: MailMode.NOW,
  [NoticeKind.APPLICATION_ACCEPTED]: MailMode.DIGEST,
  [NoticeKind.APPLICATION_REJECTED]: MailMode.DIGEST,
  [NoticeKind.BOARD_POST]: MailMode.DIGEST,
  // The editorial thread stands in for LINE: a message there is read now, not tomorrow.
  [NoticeKind.EDITORIAL_THREAD_POST]: MailMode.NOW,
  [NoticeKind.NAME_SUBMITTED]: MailMode.NOW,
  [NoticeKind.NAME_APPROVED]: MailMode.DIGEST,
  [NoticeKind.NAME_REJECTED]: MailMode.NOW,
  [NoticeKind.WORK_TURN]: MailMode.NOW,
  [NoticeKind.WORK_SUBMITTED]: MailMode.NOW,
  [NoticeKind.WORK_APPROVED]: MailMode.DIGEST,
  [NoticeKind.WORK_REJECTED]: MailMode.NOW,
  [NoticeKind.FINAL_SUBMITTED]: MailMode.NOW,
  [NoticeKind.FINAL_APPROVED]: MailMode.DIGEST,
  [NoticeKind.FINAL_REJECTED]: MailMode.NOW,
  // Deadlines (docs/schedule.md): two days ahead fits the next digest; the due day and a chapter
  // turning at risk would come a day late in it, so they go at once.
  [NoticeKind.STEP_DUE_SOON]: MailMode.DIGEST,
  [NoticeKind.STEP_DUE_TODAY]: MailMode.NOW,
  [NoticeKind.CHAPTER_AT_RISK]: MailMode.NOW,
  // Red-pen marks (docs/marks.md) come in bursts (a reviewer draws many in a minute): the digest
  // gathers them, and the page keeps one unread notice of each kind however many marks are made.
  [NoticeKind.MARK_ADDED]: MailMode.DIGEST,
  [NoticeKind.MARK_RESOLVED]: MailMode.DIGEST,
  // The team (docs/access.md): a hand-over asks the reader to act; the rest can wait a day.
  [NoticeKind.MEMBER_REMOVED]: MailMode.DIGEST,
  [NoticeKind.MEMBER_LEFT]: MailMode.DIGEST,
  [NoticeKind.MEMBER_CHANGED]: MailMode.DIGEST,
  [NoticeKind.STEP_HANDED_OVER]: MailMode.NOW,
  // An invitation waits for its reader's answer; the founder hears the answer in the digest.
  [NoticeKind.TEAM_INVITED]: MailMode.NOW,
  [NoticeKind.TEAM_INVITE_ACCEPTED]: MailMode.DIGEST,
  [NoticeKind.TEAM_INVITE_DECLINED]: MailMode.DIGEST,
  // The editorial side's changes come in bursts (due days moved one by one): the bell tells at
  // once, the digest gathers them; the founder may switch it to at once in her mail settings.
  [NoticeKind.EDITORIAL_CHANGE]: MailMode.DIGEST,
};

/** The digest goes out at 08:00 in the reader's zone unless they pick another hour. */
export const DEFAULT_DIGEST_HOUR = 8;
export const DEFAULT_MAIL_TIME_ZONE = 'Asia/Tokyo';
export const DEFAULT_MAIL_LANGUAGE: Language = 'ja';
/** A digest lists this many notices, newest first, then says how many more there were. */
export const DIGEST_MAX_ITEMS = 50;

/** The mode of `kind` for a reader whose own choices (only those differing from the defaults) are `own`. */
export function mailModeOf(
  kind: string,
  own: Partial<Record<string, MailMode>> | null | undefined,
): MailMode {
  return own?.[kind] ?? (NOTICE_MAIL_DEFAULTS as Record<string, MailMode>)[kind] ?? MailMode.DIGEST;
}

/** True for a zone name Intl knows (IANA, e.g. Asia/Tokyo). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}
