import { COOKIE, type DeliveryFormat } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { callUnchecked } from './api.js';
import { readStoredZip } from './stored-zip.js';
import type { TestApp } from './test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishPageWith,
  type Production,
  savePlan,
} from './workflow-test-helpers.js';

/** A small custom book of the delivery tests: 30 × 40 mm, 2 mm of bleed, 1-bit at 600 dpi (803 × 1039 px). */
export const SMALL_BOOK = {
  preset: 'custom',
  colour: 'mono',
  dpi: 600,
  trimWidthMm: 30,
  trimHeightMm: 40,
  bleedMm: 2,
  pageMultiple: 2,
} as const;

/**
 * A chapter of one page per file, each handed in by the artist as `name` and approved, its renders
 * done; then `spec` set on the project and the chapter taken to 校了 whatever its preflight says
 * (the editor in charge accepts its errors, the founder confirms its warnings).
 */
export async function finishedChapterOf(
  t: TestApp,
  files: { name: string; data: Buffer }[],
  spec: object,
): Promise<Production> {
  const p = await approvedChapter(t, files.length);
  const steps = [{ posId: 2, ownerUserId: p.artist.id }];
  const plan = await savePlan(
    t,
    p,
    p.pageIds.map((pageId) => ({ pageId, steps })),
  );
  if (plan.http !== 200) throw new Error(`plan not saved: ${plan.body.info}`);
  for (const [i, file] of files.entries())
    await finishPageWith(t, p, p.pageIds[i] as number, file.name, file.data);
  await t.settleJobs(60_000);
  const ref = { projectId: p.projectId, chapterId: p.chapterId };
  const saved = await callUnchecked(
    t,
    contract.print.saveProjectSpec,
    { projectId: p.projectId, spec },
    p.founder.token,
  );
  if (saved.http !== 200) throw new Error(`spec not saved: ${saved.body.info}`);
  await callUnchecked(t, contract.print.acceptErrors, ref, p.editor.token);
  const moves = [
    await chapterCall(t, p, p.founder, 'actionCommit', { confirmWarnings: true }),
    await chapterCall(t, p, p.editor, 'actionAuditPass'),
  ];
  for (const res of moves) if (res.http !== 200) throw new Error(`not 校了: ${res.body.info}`);
  return p;
}

/** The chapter's delivery in `format`, downloaded by the editor in charge reading `lang`: its entries by name. */
export async function deliveredZip(t: TestApp, p: Production, format: DeliveryFormat, lang = 'ja') {
  const ref = { projectId: p.projectId, chapterId: p.chapterId };
  const res = await callUnchecked(t, contract.print.delivery, { ...ref, format }, p.editor.token);
  if (res.http !== 200) throw new Error(`no delivery link: ${res.body.info}`);
  const got = await t.app.inject({
    method: 'GET',
    url: res.body.data.downloadUrl,
    cookies: { [COOKIE.lang]: lang },
  });
  if (got.statusCode !== 200) throw new Error(`delivery answered ${got.statusCode}`);
  return readStoredZip(got.rawPayload);
}
