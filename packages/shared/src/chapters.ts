import type { Language } from './enums.js';

const STATUS: Record<Language, Record<number, string>> = {
  ja: {
    1: 'ネーム作成中',
    2: '作業設定待ち',
    3: '制作中',
    4: '編集者承認待ち',
    5: 'ネーム修正中',
    6: '校了',
  },
  zh: { 1: '分镜制作中', 2: '等待作业设置', 3: '制作中', 4: '等待编辑审批', 5: '分镜修改中', 6: '校了' },
  en: {
    1: 'Writing the storyboard',
    2: 'Work flow to set up',
    3: 'In production',
    4: 'Awaiting the editor',
    5: 'Revising the storyboard',
    6: 'Final approval given',
  },
};

/** What a chapter in production says while its final audit is asked for or refused. */
const AUDIT_STATUS: Record<Language, Record<number, string>> = {
  ja: { 1: '校了申請中', [-10]: '校了差し戻し' },
  zh: { 1: '校了申请中', [-10]: '校了被退回' },
  en: { 1: 'Final approval requested', [-10]: 'Final approval refused' },
};

/**
 * status_desc of a chapter in the reader's language: a chapter in production (3) names its final
 * audit once one is asked for (1) or refused (-10), so nobody reads 制作中 while it waits.
 */
export function chapterStatusText(status: number, lang: Language, auditStatus: number | null = null): string {
  const audit = status === 3 && auditStatus !== null ? AUDIT_STATUS[lang][auditStatus] : undefined;
  return audit ?? STATUS[lang][status] ?? String(status);
}

const DRAFT_PAGE_STATUS: Record<Language, Record<number, string>> = {
  ja: { 0: '未アップロード', 3: '未確認', 4: '承認', 5: '否決', 6: '再アップロード' },
  zh: { 0: '未上传', 3: '未审核', 4: '通过', 5: '否决', 6: '已重新上传' },
  en: { 0: 'Not uploaded', 3: 'Not reviewed', 4: 'Approved', 5: 'Rejected', 6: 'Re-uploaded' },
};

/** A draft (storyboard) page's status in the reader's language. */
export function draftPageStatusText(status: number, lang: Language): string {
  return DRAFT_PAGE_STATUS[lang][status] ?? String(status);
}

const STEP_STATUS: Record<Language, Record<number, string>> = {
  ja: { 0: '未着手', 1: '作業中', 5: '承認待ち', 10: '完了', [-10]: '差し戻し' },
  zh: { 0: '未开始', 1: '作业中', 5: '等待审批', 10: '完成', [-10]: '已退回' },
  en: { 0: 'Not started', 1: 'In progress', 5: 'Awaiting approval', 10: 'Done', [-10]: 'Sent back' },
};

/** A work-flow step's (or a page's) status in the reader's language; a page with no step says so. */
export function stepStatusText(status: number | null, lang: Language): string {
  if (status === null) return NO_STEPS[lang];
  return STEP_STATUS[lang][status] ?? String(status);
}

const NO_STEPS: Record<Language, string> = { ja: '作業未設定', zh: '未设置作业', en: 'No steps set' };
