import type { Language, NoticeKind } from './enums.js';

type Params = Record<string, string | number>;
type Templates = Record<NoticeKind, (p: Params) => string>;

const ja: Templates = {
  pairing_received: (p) => `${p.nickname}さんからマッチング申請が届きました`,
  pairing_agreed: (p) => `${p.nickname}さんとのマッチングが成立しました`,
  pairing_refused: (p) => `${p.nickname}さんへのマッチング申請は不成立となりました`,
  friend_agreed: (p) => `${p.nickname}さんが友達申請を承認しました`,
  friend_refused: (p) => `${p.nickname}さんへの友達申請はお断りされました`,
};
const zh: Templates = {
  pairing_received: (p) => `收到了${p.nickname}的匹配申请`,
  pairing_agreed: (p) => `与${p.nickname}匹配成功`,
  pairing_refused: (p) => `向${p.nickname}发出的匹配申请未成立`,
  friend_agreed: (p) => `${p.nickname}同意了你的好友申请`,
  friend_refused: (p) => `${p.nickname}拒绝了你的好友申请`,
};
const en: Templates = {
  pairing_received: (p) => `${p.nickname} sent you a matching request`,
  pairing_agreed: (p) => `You are now matched with ${p.nickname}`,
  pairing_refused: (p) => `Your matching request to ${p.nickname} was declined`,
  friend_agreed: (p) => `${p.nickname} accepted your friend request`,
  friend_refused: (p) => `${p.nickname} declined your friend request`,
};
const TEMPLATES: Record<Language, Templates> = { ja, zh, en };

/** The text of a stored notice in the reader's language; a reply message, if any, follows it. */
export function noticeText(kind: string, params: Params, lang: Language): string {
  const template = (TEMPLATES[lang] as Record<string, ((p: Params) => string) | undefined>)[kind];
  const base = template ? template(params) : kind;
  return params.message ? `${base}：「${params.message}」` : base;
}
