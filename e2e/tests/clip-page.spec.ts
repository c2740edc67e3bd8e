import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { greyPsd } from '../support/page-files.js';
import { selectBox, uniqueTag } from '../support/people.js';
import { chooseFile, handInDialog, openSteps, stepRow, submitHandIn } from '../support/production.js';
import { otherContext } from '../support/projects.js';
import { shot } from '../support/screen-checks.js';
import { apiArtistAtWork, apiRenditionStatuses } from '../support/workflow.js';

/**
 * A CLIP STUDIO page (issue 31, docs/renditions.md "CLIP STUDIO files"): the artist hands in the
 * `.clip` itself; it is shown sharp in the viewer with its layers' names, the reviewer marks it
 * with the red pen, and a PSD of the same page handed in after it compares with it.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const MAIN = 'メイン作画';

/**
 * The real file made by CLIP STUDIO PAINT (MIT, apps/server/src/test/fixtures/clip/README.md):
 * 400 × 566 px at 600 dpi, a paper layer under a gradient and a green layer, drawn from its layers.
 */
const CLIP = readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/src/test/fixtures/clip/sample-kazuhito00.clip'),
);
const LAYERS = ['用紙', 'レイヤー （グラデーション）', 'レイヤー （緑単色）'];
/** The same page as a PSD at the same canvas size, in one dark grey: nothing like the colours of the `.clip`. */
const PSD = greyPsd(400, 566, 60);

/** The tiles a page's viewer fetches, by the format of the original they were made of. */
function tilesByFormat(page: Page): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  page.on('response', (res) => {
    const format = /\.(\w+)\.r\/tiles_files\//.exec(res.url())?.[1];
    if (format) seen.set(format, [...(seen.get(format) ?? []), res.status()]);
  });
  return seen;
}

/** A box dragged on the page from above and left of its middle to its middle, saved with `comment`. */
async function drawBox(page: Page, panel: Locator, comment: string) {
  await panel.getByTitle('四角', { exact: true }).click();
  const area = await page.locator('.koma-marks-layer').boundingBox();
  if (!area) throw new Error('no marks layer');
  const [x, y] = [area.x + area.width / 2, area.y + area.height / 2];
  await page.mouse.move(x - 60, y - 72);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(x - 60 + i * 10, y - 72 + i * 12);
  await page.mouse.up();
  const form = panel.getByRole('form', { name: '新しい赤入れ' });
  await form.getByRole('textbox', { name: 'コメント' }).fill(comment);
  await form.getByRole('button', { name: '赤入れを保存' }).click();
  await expect(form).toBeHidden();
}

test('a .clip handed in is shown sharp with its layers, marked with the red pen and compared with a PSD of the same page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const titles = { project: `クリップの丘${tag}`, chapter: `第1話${tag}` };
  const s = await apiArtistAtWork(request, tag, titles);
  const at = { projectId: s.projectId, chapterId: s.chapterId };
  const work = `/chapter/details?projectId=${at.projectId}&chapterId=${at.chapterId}`;
  const viewerUrl = `/chapter/viewer?projectId=${at.projectId}&chapterId=${at.chapterId}&page=1`;

  // ── The artist hands in the .clip through the step's アップロード, as saved by CLIP STUDIO. ──
  const context = await otherContext(browser, baseURL);
  const aPage = await context.newPage();
  await aPage.setViewportSize({ width: 1366, height: 900 });
  await logIn(aPage, s.artist.email);
  await expect(aPage).toHaveURL(/\/dashboard$/);
  await aPage.goto(work);
  let steps = await openSteps(aPage, 1);
  const upload = () => stepRow(steps, MAIN).getByRole('button', { name: 'アップロード', exact: true });
  await chooseFile(aPage, upload(), {
    name: 'p1.clip',
    buffer: CLIP,
    mimeType: 'application/octet-stream',
  });
  await expect(handInDialog(aPage, MAIN)).toContainText('CLIPファイル（プレビューなし）');
  await submitHandIn(aPage, MAIN);
  await expect(stepRow(steps, MAIN)).toContainText('承認待ち');
  // Rendered, the step shows the page's thumbnail, not a file it cannot show.
  const thumb = stepRow(steps, MAIN).getByRole('img', { name: `1ページ・${MAIN}の成果物` });
  await expect(thumb).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(stepRow(steps, MAIN)).not.toContainText('プレビューなし');
  await shot(aPage, 'clip-hand-in-thumbnail');

  // ── The founder, who approves the step, opens it in the viewer: sharp, from its tiles. ──
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, s.founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const tiles = tilesByFormat(page);
  await page.goto(viewerUrl);
  const viewer = page.getByRole('dialog', { name: `${titles.project}／${titles.chapter}` });
  await expect(viewer.locator('.koma-deep-zoom canvas')).toBeVisible();
  await expect(page.locator('.koma-viewer-bar')).toContainText(`${MAIN} 第1版`);
  await page.waitForFunction(() => performance.getEntriesByName('koma:viewer-sharp').length > 0);
  expect(tiles.get('clip')?.length ?? 0).toBeGreaterThan(0);
  expect(tiles.get('clip')?.every((status) => status === 200)).toBe(true);
  // Drawn from its layers, not from the preview the file stores.
  await expect(viewer.getByText('プレビュー画質')).toHaveCount(0);

  // ページ情報: the canvas, its resolution and the layers' names as CLIP STUDIO shows them.
  const info = viewer.getByRole('button', { name: 'ページ情報' });
  await info.click();
  const details = page.locator('.koma-viewer-details');
  await expect(details).toContainText('キャンバス：400 × 566 px');
  await expect(details).toContainText('解像度：600 dpi');
  await expect(details.getByRole('list', { name: 'レイヤー（3）' }).getByRole('listitem')).toHaveText(LAYERS);
  await shot(page, 'clip-viewer-details');
  // Closed by its button: Esc would leave the viewer.
  await info.click();
  await expect(details).toBeHidden();

  // ── A red-pen box on the .clip page, saved, still there when the page is opened again. ──
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  await expect(panel.getByText('道具を選んでページに描くと、赤入れを追加できます。')).toBeVisible();
  await drawBox(page, panel, '緑の円を小さく');
  const marks = panel.getByRole('list', { name: 'この版の赤入れ' });
  await expect(marks.getByRole('listitem').filter({ hasText: '緑の円を小さく' })).toContainText('未対応');
  await page.reload();
  await expect(marks.getByRole('listitem').filter({ hasText: '緑の円を小さく' })).toContainText('未対応');
  // Kept in the pixels of the 400 × 566 canvas, where it was drawn: its corner at the page's middle.
  const { marks: saved } = await apiCall(request, s.founder.token, contract.marks.list, {
    projectId: s.projectId,
    pageId: s.pageId,
  });
  const box = saved[0]?.shape;
  if (box?.type !== 'rect') throw new Error(`not a box: ${JSON.stringify(box)}`);
  expect(Math.abs(box.x + box.w - 200)).toBeLessThan(4);
  expect(Math.abs(box.y + box.h - 283)).toBeLessThan(4);
  await expect(page.locator('.koma-viewer-bar')).toContainText(`${MAIN} 第1版`);
  await shot(page, 'clip-red-pen');

  // ── Sent back; the artist hands in the same page as a PSD. ──
  await apiCall(request, s.founder.token, contract.workflow.reject, {
    projectId: s.projectId,
    workflowStepId: s.stepId,
    remark: '赤入れを直してください',
  });
  await aPage.goto(work);
  steps = await openSteps(aPage, 1);
  await expect(stepRow(steps, MAIN)).toContainText('差し戻し');
  await chooseFile(aPage, upload(), { name: 'p1.psd', buffer: PSD, mimeType: 'image/vnd.adobe.photoshop' });
  await submitHandIn(aPage, MAIN);
  await expect(stepRow(steps, MAIN)).toContainText('承認待ち');
  await context.close();
  await expect
    .poll(() => apiRenditionStatuses(request, s.founder.token, at), { timeout: 30_000 })
    .toEqual([['ready', 'ready', 'ready']]);

  // ── The PSD, newest, opens with the mark from the .clip; 比較 shows both side by side. ──
  await page.goto(viewerUrl);
  await expect(page.locator('.koma-viewer-bar')).toContainText(`${MAIN} 第2版`);
  await expect(
    panel
      .getByRole('region', { name: '前の版からの赤入れ' })
      .getByRole('listitem')
      .filter({ hasText: '緑の円を小さく' }),
  ).toBeVisible();
  tiles.clear();
  await viewer.getByRole('button', { name: '比較' }).click();
  const compare = viewer.getByRole('region', { name: '比較' });
  await expect(page).toHaveURL(/compare=\d+&mode=side/);
  await expect(selectBox(page, '比較元の版')).toContainText(`${MAIN} 第2版`);
  await expect(selectBox(page, '比較する版')).toContainText(`${MAIN} 第1版`);
  await expect(compare.locator('.koma-compare-side canvas')).toHaveCount(2);
  await expect(compare.getByRole('img', { name: `${MAIN} 第1版` })).toBeVisible();
  await expect(compare.getByRole('img', { name: `${MAIN} 第2版` })).toBeVisible();
  // Both pictures load: the tiles of the PSD and of the .clip arrive.
  await expect.poll(() => [...tiles.keys()].sort(), { timeout: 20_000 }).toEqual(['clip', 'psd']);
  expect([...tiles.values()].flat().every((status) => status === 200)).toBe(true);
  await shot(page, 'clip-compare-side');

  // Their difference: a grey page against a coloured one differs almost everywhere.
  await compare.getByText('差分', { exact: true }).click();
  const changed = compare.getByLabel('変更されたピクセル');
  await expect(changed).toHaveText(/^変更されたピクセル：[\d,]+（[\d.]+%）$/, { timeout: 20_000 });
  expect(Number(/（([\d.]+)%）/.exec((await changed.textContent()) ?? '')?.[1])).toBeGreaterThan(50);
});
