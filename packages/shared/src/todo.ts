import type { Language, TodoType } from './enums.js';

/** What each to-do type asks (its tile text), in every interface language. */
const DESCRIPTIONS: Record<Language, Record<TodoType, string>> = {
  ja: {
    11: '担当編集者への招待',
    12: '募集への応募者',
    13: 'ネームの提出',
    2: 'ネームの承認依頼',
    4: 'ネームの修正依頼',
    14: '作業設定',
    25: '作業中のページ',
    21: '作業の承認依頼',
    23: '作業の修正依頼',
    26: '校了の承認依頼',
    27: '校了の差し戻し',
  },
  zh: {
    11: '担任编辑邀请',
    12: '招募的应募者',
    13: '提交分镜',
    2: '分镜审批请求',
    4: '分镜修改请求',
    14: '作业设置',
    25: '作业中的页面',
    21: '作业审批请求',
    23: '作业修改请求',
    26: '校了审批请求',
    27: '校了被退回',
  },
  en: {
    11: 'Invitation to be the editor in charge',
    12: 'Applicants to a recruitment',
    13: 'Submit the storyboard (name)',
    2: 'Storyboard approval request',
    4: 'Storyboard revision request',
    14: 'Set up the page work flow',
    25: 'Pages being worked on',
    21: 'Work approval request',
    23: 'Work revision request',
    26: 'Final proofreading approval request',
    27: 'Final proofreading sent back',
  },
};

export function todoDescription(type: number, lang: Language): string {
  return (DESCRIPTIONS[lang] as Record<number, string>)[type] ?? String(type);
}
