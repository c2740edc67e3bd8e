import type { PreflightData, PreflightFinding } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import * as repo from './print.repository.js';

/**
 * The final audit's gate (docs/print.md, "The final audit"): errors need a fix or the editor in
 * charge's 了承, warnings the founder's confirmation, each recorded with who, when and the
 * findings it covered. A consent stands while it covers every current finding of its level.
 */

type Result = Omit<PreflightData, 'consents'>;
type Level = PreflightFinding['level'];

/** `3:pixelSize`, `chapter:pageMultiple`: what a consent covers. */
export function findingKeys(result: Result, level: Level): string[] {
  const keys = result.chapter.filter((f) => f.level === level).map((f) => `chapter:${f.code}`);
  for (const page of result.pages)
    for (const f of page.findings) if (f.level === level) keys.push(`${page.num}:${f.code}`);
  return keys;
}

const covers = (given: string[], current: string[]) => current.every((key) => given.includes(key));

/** The consents that still cover the result's findings, as the reply shows them. */
export async function standingConsents(db: Executor, chapterId: number, result: Result) {
  const rows = await repo.latestConsents(db, chapterId);
  const standing = (level: Level, kind: 'warnings' | 'errors') => {
    const current = findingKeys(result, level);
    const row = rows.find((r) => r.kind === kind);
    if (current.length === 0 || !row || !covers(row.findings, current)) return null;
    return { nickname: row.nickname ?? '', at: new Date(row.at).toISOString() };
  };
  return { warnings: standing('warning', 'warnings'), errors: standing('error', 'errors') };
}

/**
 * Before the founder requests the final audit: refuses while errors stand without 了承 or warnings
 * without `confirmWarnings`; records the founder's confirmation when given.
 */
export async function passGate(
  db: Executor,
  founderId: number,
  chapterId: number,
  result: PreflightData,
  confirmWarnings: boolean,
) {
  if (result.spec === null) return;
  if (result.errors > 0 && !result.consents.errors) throw conflict('preflightErrors');
  const warnings = findingKeys(result, 'warning');
  if (warnings.length === 0) return;
  if (!confirmWarnings) throw conflict('preflightWarnings');
  await repo.insertConsent(db, chapterId, 'warnings', founderId, warnings);
}

/**
 * When the editor in charge passes the final audit: the gate judged again on the preflight as it
 * stands then (the spec may have changed, or been removed and put back, since the request).
 * Errors without a standing 了承 refuse the pass (the editor gives it, or sends the chapter back);
 * warnings the founder's confirmation does not cover are confirmed by the pass itself, recorded as
 * the editor's.
 */
export async function passGateAtPass(
  db: Executor,
  editorId: number,
  chapterId: number,
  result: PreflightData,
) {
  if (result.spec === null) return;
  if (result.errors > 0 && !result.consents.errors) throw conflict('preflightErrorsAtPass');
  const warnings = findingKeys(result, 'warning');
  if (warnings.length === 0 || result.consents.warnings) return;
  await repo.insertConsent(db, chapterId, 'warnings', editorId, warnings);
}

/** The editor in charge accepts the current errors. */
export async function acceptErrors(db: Executor, editorId: number, chapterId: number, result: PreflightData) {
  const errors = findingKeys(result, 'error');
  if (errors.length === 0) throw conflict('preflightNoErrors');
  await repo.insertConsent(db, chapterId, 'errors', editorId, errors);
}
