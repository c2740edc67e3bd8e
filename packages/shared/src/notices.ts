import type { Language, NoticeKind } from './enums.js';
import { POSITIONS, referenceName } from './reference.js';

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
  name_submitted: (p) => `「${p.project}」${p.chapter}のネームの承認依頼が届きました`,
  name_approved: (p) => `「${p.project}」${p.chapter}のネームが承認されました`,
  name_rejected: (p) => `「${p.project}」${p.chapter}のネームが否決されました`,
  work_turn: (p) => `「${p.project}」${p.chapter} ${p.page}ページの${p.position}を開始できます`,
  work_submitted: (p) =>
    `${p.nickname}さんが「${p.project}」${p.chapter} ${p.page}ページの${p.position}を提出しました`,
  work_approved: (p) => `「${p.project}」${p.chapter} ${p.page}ページの${p.position}が承認されました`,
  work_rejected: (p) => `「${p.project}」${p.chapter} ${p.page}ページの${p.position}が差し戻されました`,
  final_submitted: (p) => `「${p.project}」${p.chapter}の校了の承認依頼が届きました`,
  final_approved: (p) => `「${p.project}」${p.chapter}が校了しました`,
  final_rejected: (p) => `「${p.project}」${p.chapter}の校了が差し戻されました`,
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
  name_submitted: (p) => `收到了「${p.project}」${p.chapter}的分镜审批请求`,
  name_approved: (p) => `「${p.project}」${p.chapter}的分镜已通过`,
  name_rejected: (p) => `「${p.project}」${p.chapter}的分镜被否决`,
  work_turn: (p) => `可以开始「${p.project}」${p.chapter}第${p.page}页的${p.position}了`,
  work_submitted: (p) => `${p.nickname}提交了「${p.project}」${p.chapter}第${p.page}页的${p.position}`,
  work_approved: (p) => `「${p.project}」${p.chapter}第${p.page}页的${p.position}已通过`,
  work_rejected: (p) => `「${p.project}」${p.chapter}第${p.page}页的${p.position}被退回`,
  final_submitted: (p) => `收到了「${p.project}」${p.chapter}的校了审批请求`,
  final_approved: (p) => `「${p.project}」${p.chapter}已校了`,
  final_rejected: (p) => `「${p.project}」${p.chapter}的校了被退回`,
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
  name_submitted: (p) => `The storyboard of “${p.project}” ${p.chapter} awaits your approval`,
  name_approved: (p) => `The storyboard of “${p.project}” ${p.chapter} was approved`,
  name_rejected: (p) => `The storyboard of “${p.project}” ${p.chapter} was rejected`,
  work_turn: (p) => `You can start ${p.position} on page ${p.page} of “${p.project}” ${p.chapter}`,
  work_submitted: (p) =>
    `${p.nickname} submitted ${p.position} for page ${p.page} of “${p.project}” ${p.chapter}`,
  work_approved: (p) => `${p.position} on page ${p.page} of “${p.project}” ${p.chapter} was approved`,
  work_rejected: (p) => `${p.position} on page ${p.page} of “${p.project}” ${p.chapter} was sent back`,
  final_submitted: (p) => `The final audit of “${p.project}” ${p.chapter} awaits your approval`,
  final_approved: (p) => `“${p.project}” ${p.chapter} passed the final audit`,
  final_rejected: (p) => `The final audit of “${p.project}” ${p.chapter} was sent back`,
};
const TEMPLATES: Record<Language, Templates> = { ja, zh, en };

/** The text of a stored notice in the reader's language; a reply message, if any, follows it. */
export function noticeText(kind: string, stored: Params, lang: Language): string {
  const template = (TEMPLATES[lang] as Record<string, ((p: Params) => string) | undefined>)[kind];
  // A position stored by id is named in the reader's language.
  const params = stored.posId
    ? { ...stored, position: referenceName(POSITIONS, Number(stored.posId), lang) }
    : stored;
  const base = template ? template(params) : kind;
  return params.message ? `${base}：「${params.message}」` : base;
}
