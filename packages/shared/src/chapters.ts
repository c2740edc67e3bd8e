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

/** status_desc of a chapter in the reader's language. */
export function chapterStatusText(status: number, lang: Language): string {
  return STATUS[lang][status] ?? String(status);
}
