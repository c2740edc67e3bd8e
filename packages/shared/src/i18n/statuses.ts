import type { ForecastStatus, Language } from '../enums.js';
import { interpolate } from './interpolate.js';
import { SERVER_TEXTS } from './resources.js';

type StatusList = 'chapter' | 'audit' | 'draftPage' | 'step' | 'todo' | 'memberKind';

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

/** What the founder (1) and the editor in charge (3) are called on the team; '' for a member. */
export function memberKindText(kind: number, lang: Language): string {
  return statusText('memberKind', kind, lang) ?? '';
}

/** What a to-do type asks (its tile text) in the reader's language. */
export function todoDescription(type: number, lang: Language): string {
  return statusText('todo', type, lang) ?? String(type);
}

/** A chapter forecast's status (on track, overdue, at risk, late) in the reader's language. */
export function forecastStatusText(status: ForecastStatus | string, lang: Language): string {
  return (SERVER_TEXTS[lang].statuses.forecast as Record<string, string>)[status] ?? status;
}

/**
 * The risk words every screen shows for a forecast (docs/schedule.md, "Status"), defined once:
 * the status judged by the finish, and the steps past their due day named as such. A finish on
 * track with a missed day reads 「期日超過1件」, never 「遅れの恐れ」; a finish in danger with
 * missed days reads 「遅れの恐れ・期日超過2件」.
 */
export function forecastRiskText(
  status: ForecastStatus | string,
  overdueCount: number,
  lang: Language,
): string {
  const words = SERVER_TEXTS[lang].statuses.forecastRisk;
  const overdue = interpolate(words.overdueCount, { count: overdueCount });
  if (status === 'overdue') return overdue;
  const text = forecastStatusText(status, lang);
  if (overdueCount === 0) return text;
  return interpolate(words.withOverdue, { status: text, overdue });
}

/**
 * Why a forecast says what it says: a step already past its due day, then who finishes last, how
 * much is left at what pace (docs/schedule.md).
 */
export interface ForecastReason {
  nickname: string;
  position: string;
  left: number;
  perDay: number;
  assumed: boolean;
  daysPastDeadline: number;
  /** The finish falls inside the buffer (the forecast is at risk): the reason says so. */
  inBuffer: boolean;
  /** The step longest past its due day (YYYY-MM-DD), and how many others are past theirs. */
  overdue: { page: number; position: string; nickname: string; dueOn: string; others: number } | null;
}

/** The forecast's reason in words; null reason: nothing is left. */
export function forecastReasonText(reason: ForecastReason | null, lang: Language): string {
  const words = SERVER_TEXTS[lang].statuses.forecastReason;
  if (!reason) return words.done;
  const days = Math.abs(reason.daysPastDeadline);
  const when =
    reason.daysPastDeadline === 0
      ? words.onDay
      : interpolate(
          reason.daysPastDeadline > 0
            ? days === 1
              ? words.pastOne
              : words.past
            : days === 1
              ? words.beforeOne
              : words.before,
          { days },
        );
  // Paces are shown to one decimal: 0.43 a day reads 0.4, 3 reads 3.
  const perDay = Math.round(reason.perDay * 10) / 10;
  const { nickname, position, left, overdue } = reason;
  const pace = interpolate(reason.assumed ? words.assumedPace : words.pace, {
    nickname,
    position,
    left,
    perDay,
    when: reason.inBuffer ? `${when}${words.inBuffer}` : when,
  });
  if (!overdue) return pace;
  const late = interpolate(words.overdue, { ...overdue, day: overdue.dueOn.replaceAll('-', '/') });
  const others = overdue.others > 0 ? interpolate(words.overdueOthers, { others: overdue.others }) : '';
  return `${late}${others}${words.then}${pace}`;
}

/**
 * A preflight finding in words with its level, as the screens show it (docs/print.md,
 * "Preflight"): `エラー：…`, for the delivery's manifest. A code without words shows as itself.
 */
export function preflightFindingText(
  finding: { level: 'error' | 'warning'; code: string; params: Record<string, string | number> },
  lang: Language,
): string {
  const words = SERVER_TEXTS[lang].statuses;
  const reason = (words.preflightReasons as Record<string, string>)[finding.code];
  return `${words.preflightLevel[finding.level]}: ${reason ? interpolate(reason, finding.params) : finding.code}`;
}

/** The delivery manifest's column names and words (docs/print.md, "Delivery"), in the reader's language. */
export const deliveryManifestTexts = (lang: Language) => SERVER_TEXTS[lang].statuses.deliveryManifest;

/** A count in the delivery proof's words (docs/print.md, "Delivery"): 全12ページ, 指摘のあるページ（3ページ）. */
export function deliveryProofCount(
  lang: Language,
  key: 'proofPages' | 'proofFindings',
  count: number,
): string {
  return interpolate(deliveryManifestTexts(lang)[key], { count });
}
