import type { Language } from '../enums.js';
import { SERVER_TEXTS } from './resources.js';

type StatusList = 'chapter' | 'audit' | 'draftPage' | 'step' | 'todo';

/** The text of a status number in a list of i18n/<lang>/statuses.json, or the number when none. */
function statusText(list: StatusList, status: number, lang: Language): string | undefined {
  return (SERVER_TEXTS[lang].statuses[list] as Record<string, string>)[String(status)];
}

/**
 * status_desc of a chapter in the reader's language: a chapter in production (3) names its final
 * audit once one is asked for (1) or refused (-10), so nobody reads 制作中 while it waits.
 */
export function chapterStatusText(status: number, lang: Language, auditStatus: number | null = null): string {
  const audit = status === 3 && auditStatus !== null ? statusText('audit', auditStatus, lang) : undefined;
  return audit ?? statusText('chapter', status, lang) ?? String(status);
}

/** A draft (storyboard) page's status in the reader's language. */
export function draftPageStatusText(status: number, lang: Language): string {
  return statusText('draftPage', status, lang) ?? String(status);
}

/** A work-flow step's (or a page's) status in the reader's language; a page with no step says so. */
export function stepStatusText(status: number | null, lang: Language): string {
  if (status === null) return SERVER_TEXTS[lang].statuses.noSteps;
  return statusText('step', status, lang) ?? String(status);
}

/** What a to-do type asks (its tile text) in the reader's language. */
export function todoDescription(type: number, lang: Language): string {
  return statusText('todo', type, lang) ?? String(type);
}
