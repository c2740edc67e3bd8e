import type { Language, NoticeKind } from './enums.js';

type Params = Record<string, string | number>;
type Templates = Record<NoticeKind, (p: Params) => string>;

const ja: Templates = {
  pairing_received: (p) => `${p.nickname}さんからマッチング申請が届きました`,
  pairing_agreed: (p) => `${p.nickname}さんとのマッチングが成立しました`,
  pairing_refused: (p) => `${p.nickname}さんへのマッチング申請は不成立となりました`,
  friend_agreed: (p) => `${p.nickname}さんが友達申請を承認しました`,
  friend_refused: (p) => `${p.nickname}さんへの友達申請はお断りされました`,
  invitation_received: (p) => `${p.nickname}さんから「${p.project}」の担当編集者に招待されました`,
  invitation_accepted: (p) => `${p.nickname}さんが「${p.project}」の担当編集者になりました`,
  invitation_refused: (p) => `${p.nickname}さんは「${p.project}」の担当編集者の招待をお断りしました`,
  application_received: (p) => `${p.nickname}さんが「${p.project}」の${p.position}に応募しました`,
  application_accepted: (p) => `「${p.project}」の${p.position}への応募が受け入れられました`,
  application_rejected: (p) => `「${p.project}」の${p.position}への応募は見送られました`,
  board_post: (p) => `「${p.project}」の伝言板に${p.nickname}さんが投稿しました`,
};
const zh: Templates = {
  pairing_received: (p) => `收到了${p.nickname}的匹配申请`,
  pairing_agreed: (p) => `与${p.nickname}匹配成功`,
  pairing_refused: (p) => `向${p.nickname}发出的匹配申请未成立`,
  friend_agreed: (p) => `${p.nickname}同意了你的好友申请`,
  friend_refused: (p) => `${p.nickname}拒绝了你的好友申请`,
  invitation_received: (p) => `${p.nickname}邀请你担任「${p.project}」的责任编辑`,
  invitation_accepted: (p) => `${p.nickname}已成为「${p.project}」的责任编辑`,
  invitation_refused: (p) => `${p.nickname}拒绝了「${p.project}」的责任编辑邀请`,
  application_received: (p) => `${p.nickname}应募了「${p.project}」的${p.position}`,
  application_accepted: (p) => `你对「${p.project}」${p.position}的应募已被接受`,
  application_rejected: (p) => `你对「${p.project}」${p.position}的应募未被采用`,
  board_post: (p) => `${p.nickname}在「${p.project}」的留言板发帖了`,
};
const en: Templates = {
  pairing_received: (p) => `${p.nickname} sent you a matching request`,
  pairing_agreed: (p) => `You are now matched with ${p.nickname}`,
  pairing_refused: (p) => `Your matching request to ${p.nickname} was declined`,
  friend_agreed: (p) => `${p.nickname} accepted your friend request`,
  friend_refused: (p) => `${p.nickname} declined your friend request`,
  invitation_received: (p) => `${p.nickname} invited you to be the editor in charge of “${p.project}”`,
  invitation_accepted: (p) => `${p.nickname} is now the editor in charge of “${p.project}”`,
  invitation_refused: (p) => `${p.nickname} declined to be the editor in charge of “${p.project}”`,
  application_received: (p) => `${p.nickname} applied to “${p.project}” as ${p.position}`,
  application_accepted: (p) => `Your application to “${p.project}” as ${p.position} was accepted`,
  application_rejected: (p) => `Your application to “${p.project}” as ${p.position} was not accepted`,
  board_post: (p) => `${p.nickname} posted on the message board of “${p.project}”`,
};
const TEMPLATES: Record<Language, Templates> = { ja, zh, en };

/** The text of a stored notice in the reader's language; a reply message, if any, follows it. */
export function noticeText(kind: string, params: Params, lang: Language): string {
  const template = (TEMPLATES[lang] as Record<string, ((p: Params) => string) | undefined>)[kind];
  const base = template ? template(params) : kind;
  return params.message ? `${base}：「${params.message}」` : base;
}
