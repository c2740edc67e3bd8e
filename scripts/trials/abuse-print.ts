/**
 * trial:abuse's attacks around the delivery (入稿データ, docs/print.md; issue 39, attacks 3, 7 and
 * 9): a founder of fresh accounts takes a chapter to 校了 with a fresh editor in charge, then
 * fetches its delivery link 24 times at once; hands a page in under a name made of spreadsheet
 * formulas; and tries to pass the preflight gate by taking the print spec away while asking.
 */
import { contract } from '@koma/shared/contract';
import { readStoredZip } from '../../apps/server/src/test/stored-zip.js';
import { tally } from './abuse-resources.js';
import type { Ctx } from './abuse-world.js';
import { commitFile, noisePng, ok, productionChapter, revisionOf, sleep, startStep } from './lib.js';

/** A4 at 300 dpi in grayscale, no bleed: the normal pages (2480 × 3508, 8-bit grey). */
const SPEC = {
  preset: 'custom',
  colour: 'gray',
  dpi: 300,
  trimWidthMm: 210,
  trimHeightMm: 297,
  bleedMm: 0,
  pageMultiple: 1,
} as const;
export const HOSTILE_NAME = 'p.x;=1+1;@SUM(1+1);-2+3';

type Chapter = Awaited<ReturnType<typeof productionChapter>>;
const ref = (c: Chapter) => ({ projectId: c.projectId, chapterId: c.chapterId });

/** The artist hands each page in and the founder passes it; a refused hand-in is reported, not thrown. */
async function finishPages(ctx: Ctx, c: Chapter, files: { blob: Blob; name: string }[]) {
  const refused: string[] = [];
  for (const [i, f] of files.entries()) {
    const ids = { ...ref(c), pageId: c.pageIds[i] as number };
    const stepId = await startStep(ctx.api, c, ids);
    try {
      await commitFile(ctx.api, c.artist, c.projectId, stepId, f.blob, f.name);
    } catch (err) {
      refused.push(`${f.name}: ${(err as Error).message}`);
      await commitFile(ctx.api, c.artist, c.projectId, stepId, f.blob, 'page.png');
    }
    const pass = { projectId: c.projectId, workflowStepId: stepId };
    await ok(ctx.api.post(contract.workflow.pass.path, pass, c.founder.token), 'pass step');
  }
  // The preflight reads what the renders stored.
  const since = performance.now();
  for (const pageId of c.pageIds)
    while (performance.now() - since < 120_000) {
      const { renditions } = await revisionOf(ctx.api, c.founder, { ...ref(c), pageId });
      if (renditions.status !== 'pending') break;
      await sleep(500);
    }
  return refused;
}

const setSpec = (ctx: Ctx, c: Chapter, spec: typeof SPEC | null) =>
  ctx.api.post(contract.print.saveProjectSpec.path, { projectId: c.projectId, spec }, c.founder.token);

/** The chapter handed in whole and taken to 校了: the editor accepts the errors, the founder asks, the editor passes. */
async function toFinished(ctx: Ctx, c: Chapter) {
  await ok(setSpec(ctx, c, SPEC), 'print spec');
  await ctx.api.post(contract.print.acceptErrors.path, ref(c), c.editor.token);
  const submit = { ...ref(c), confirmWarnings: true };
  await ok(ctx.api.post(contract.workflow.submitAudit.path, submit, c.founder.token), '校了申請');
  await ok(ctx.api.post(contract.workflow.passAudit.path, ref(c), c.editor.token), '校了');
}

let finished: Promise<{ chapter: Chapter; refused: string[] }> | undefined;

/** One 校了 chapter for attacks 3 and 9: page 1 a normal page, page 2 the same under HOSTILE_NAME. */
export function finishedChapter(ctx: Ctx, page: Blob) {
  finished ??= (async () => {
    const chapter = await productionChapter(ctx.api, 2);
    const refused = await finishPages(ctx, chapter, [
      { blob: page, name: 'p1.png' },
      { blob: page, name: HOSTILE_NAME },
    ]);
    await toFinished(ctx, chapter);
    return { chapter, refused };
  })();
  return finished;
}

async function deliveryLink(ctx: Ctx, c: Chapter) {
  const body = { ...ref(c), format: 'asHandedIn' };
  return (await ok(ctx.api.post(contract.print.delivery.path, body, c.founder.token), 'delivery link'))
    .downloadUrl as string;
}

/** 3: 24 parallel GETs of one delivery link. */
export async function deliveryGets(ctx: Ctx, page: Blob) {
  const { chapter } = await finishedChapter(ctx, page);
  const link = new URL(await deliveryLink(ctx, chapter), ctx.api.base);
  // The link names its person (`by=`): one download at a time each, four on the instance.
  const from = ctx.api.newClient();
  const gets = await Promise.all(
    Array.from({ length: 24 }, async () => {
      const sent = performance.now();
      try {
        const res = await fetch(link, { headers: from, signal: AbortSignal.timeout(180_000) });
        const bytes = (await res.arrayBuffer()).byteLength;
        const retryAfter = res.headers.get('retry-after');
        return { code: res.status as number | string, bytes, ms: performance.now() - sent, retryAfter };
      } catch (err) {
        return { code: (err as Error).name, bytes: 0, ms: performance.now() - sent, retryAfter: null };
      }
    }),
  );
  const slowest = Math.max(...gets.map((g) => g.ms));
  const largest = Math.max(...gets.map((g) => g.bytes));
  const refused = gets.filter((g) => g.code === 429 || g.code === 503);
  ctx.note(
    `24 GETs of one delivery link (by=${link.searchParams.get('by') ?? 'none'}): ${tally(gets.map((g) => g.code))}; ` +
      `${refused.filter((g) => g.retryAfter).length} of ${refused.length} refusals with retry-after; zip ${Math.round(largest / 1024)} KB; slowest ${Math.round(slowest)} ms`,
  );
  ctx.count(tally(gets.map((g) => g.code)));
}

/** The fields of a CSV text (RFC 4180 quoting). */
function csvFields(text: string): string[] {
  const fields: string[] = [];
  const pattern = /(?:^|,|\r\n)(?:"((?:[^"]|"")*)"|([^,\r\n]*))/g;
  for (const m of text.replace(/^\uFEFF/, '').matchAll(pattern))
    fields.push(m[1]?.replace(/""/g, '"') ?? m[2] ?? '');
  return fields;
}

/** A piece a spreadsheet would take for a formula: each field, and each part of it a `;` or tab separates. */
export function formulaPieces(field: string): string[] {
  return field
    .split(/[;\t]/)
    .map((p) => p.trimStart())
    .filter((p) => /^[=+\-@]/.test(p));
}

/** 9: the delivery's entry names and manifest cells, with a page handed in under HOSTILE_NAME. */
export async function formulaName(ctx: Ctx, page: Blob) {
  const { chapter, refused } = await finishedChapter(ctx, page);
  if (refused.length > 0) ctx.note(`hand-in refused: ${refused.join('; ')}`);
  const res = await fetch(new URL(await deliveryLink(ctx, chapter), ctx.api.base), {
    headers: ctx.api.newClient(),
  });
  if (res.status !== 200) return ctx.fail(`the delivery answered ${res.status}`);
  const zip = readStoredZip(Buffer.from(await res.arrayBuffer()));
  const names = [...zip.keys()];
  ctx.note(`delivery entries: ${names.join(', ')}`);
  for (const name of names)
    if (!/^(proof\.pdf|manifest\.csv|\d{3}\.[a-z0-9]{1,10})$/.test(name))
      ctx.fail(`delivery entry named ${JSON.stringify(name)}`);
  const manifest = zip.get('manifest.csv')?.toString('utf8') ?? '';
  const unsafe = csvFields(manifest).filter((f) => formulaPieces(f).length > 0);
  ctx.note(`manifest: ${csvFields(manifest).length} cells, ${unsafe.length} with a formula piece`);
  for (const cell of unsafe) ctx.fail(`manifest cell ${JSON.stringify(cell)}`);
}

/** 7: the spec taken away for the 校了 request, put back, and the editor passes: must be refused somewhere. */
export async function preflightGate(ctx: Ctx) {
  const c = await productionChapter(ctx.api, 1);
  // 2480 × 3508 is asked for: a 200 px page is an error of the preflight.
  const wrong = new Blob([new Uint8Array(await noisePng(200))]);
  await finishPages(ctx, c, [{ blob: wrong, name: 'small.png' }]);
  await ok(setSpec(ctx, c, SPEC), 'print spec');
  const preflight = await ok(
    ctx.api.post(contract.print.preflight.path, ref(c), c.founder.token),
    'preflight',
  );
  const removed = await setSpec(ctx, c, null);
  const submit = await ctx.api.post(
    contract.workflow.submitAudit.path,
    { ...ref(c), confirmWarnings: true },
    c.founder.token,
  );
  const back = await setSpec(ctx, c, SPEC);
  const pass = await ctx.api.post(contract.workflow.passAudit.path, ref(c), c.editor.token);
  const link = await ctx.api.post(
    contract.print.delivery.path,
    { ...ref(c), format: 'asHandedIn' },
    c.founder.token,
  );
  const info = (a: { http: number; body: { info?: string } }) =>
    `${a.http}${a.body?.info ? ` ${a.body.info}` : ''}`;
  ctx.note(
    `preflight before: ${JSON.stringify(preflight).length} bytes, ${JSON.stringify(preflight).match(/"error"/g)?.length ?? 0} errors; ` +
      `spec removed ${info(removed)}; 校了申請 ${info(submit)}; spec back ${info(back)}; editor's pass ${info(pass)}; delivery link ${info(link)}`,
  );
  if (submit.http === 200 && pass.http === 200)
    ctx.fail('the chapter passed 校了 with its preflight errors unaccepted');
  if (link.http === 200) ctx.fail('the delivery of the ungated chapter is given');
}
