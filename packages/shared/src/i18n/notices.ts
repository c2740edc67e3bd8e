import type { Language } from '../enums.js';
import { POSITIONS, referenceName } from '../reference.js';
import { interpolate } from './interpolate.js';
import { SERVER_TEXTS } from './resources.js';
import { forecastStatusText, memberKindText } from './statuses.js';

type Params = Record<string, string | number>;

/**
 * The text of a stored notice in the reader's language; a reply message, if any, follows it. A
 * notice stored before it named who acted (no `nickname`) reads as it did then (`unnamed`).
 */
export function noticeText(kind: string, stored: Params, lang: Language): string {
  const { kinds, unnamed, withReply, wholeProject, changes } = SERVER_TEXTS[lang].notices;
  // A position stored by id, a forecast by its status, and a part held for the whole project
  // (an empty `scope`, not a chapter's title) are named in the reader's language.
  const params = { ...stored };
  if (stored.posId) params.position = referenceName(POSITIONS, Number(stored.posId), lang);
  // An editorial seat (副担当, 編集長) is offered as a part of the whole project (docs/access.md).
  if (stored.seat) params.position = memberKindText(Number(stored.seat), lang);
  if (stored.change) params.change = (changes as Record<string, string>)[String(stored.change)] ?? '';
  if (stored.scope === '') params.scope = wholeProject;
  if (stored.forecast) params.forecast = forecastStatusText(String(stored.forecast), lang);
  const template =
    (stored.nickname === undefined ? (unnamed as Record<string, string>)[kind] : undefined) ??
    (kinds as Record<string, string>)[kind];
  const base = template ? interpolate(template, params) : kind;
  return params.message ? interpolate(withReply, { notice: base, message: params.message }) : base;
}
