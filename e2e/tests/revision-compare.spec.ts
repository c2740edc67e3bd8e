import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, selectBox, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, type Box, boxedPng } from '../support/production.js';
import { apiJoin, apiProject, tokyoDay } from '../support/projects.js';
import { apiChapterInProduction, apiRenditionStatuses, apiStartFirstStep } from '../support/workflow.js';

test.use({ reducedMotion: 'reduce' });

const INK: [number, number, number] = [20, 20, 20];
const PAPER: [number, number, number] = [250, 250, 250];
/** Two revisions of a page: the same panel border, and a figure the second one adds. */
const PANEL: Box = { x: 40, y: 40, width: 520, height: 12, rgb: INK };
const FIGURE: Box = { x: 200, y: 300, width: 160, height: 220, rgb: INK };
const FIRST = boxedPng(PAPER, 600, 850, [PANEL]);
const SECOND = boxedPng(PAPER, 600, 850, [PANEL, FIGURE]);

async function stepUpload(request: APIRequestContext, token: string, name: string, buffer: Buffer) {
  const res = await request.post(contract.uploads.upload.path, {
    headers: { token },
    multipart: { type: '11', file: { name, mimeType: 'image/png', buffer } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.path as string;
}

/** A page with three revisions: the storyboard, then two committed files of メイン作画 (sent back once). */
async function pageWithRevisions(request: APIRequestContext, tag: string) {
  const [founder, editor, artist] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `灯台守${tag}` });
  await apiCall(request, founder.token, contract.recruitment.add, {
    kind: 1,
    projectId,
    stime: tokyoDay(),
    etime: tokyoDay(14),
    positions: [{ position_id: 2, num: 1 }],
    condition: '',
  });
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話 霧笛${tag}`,
    [{ posId: 2, owner: artist }],
  );
  const workflowStepId = await apiStartFirstStep(
    request,
    { founder, artist },
    { projectId, chapterId, pageId },
  );
  for (const [i, file] of [FIRST, SECOND].entries()) {
    const filePath = await stepUpload(request, artist.token, `p1-${i + 1}.png`, file);
    await apiCall(request, artist.token, contract.workflow.commit, { projectId, workflowStepId, filePath });
    if (i === 0) {
      await apiCall(request, founder.token, contract.workflow.reject, {
        projectId,
        workflowStepId,
        remark: '人物を描き足してください',
      });
    }
  }
  await expect
    .poll(() => apiRenditionStatuses(request, founder.token, { projectId, chapterId }), { timeout: 30_000 })
    .toEqual([['ready', 'ready', 'ready']]);
  return { founder, projectId, chapterId };
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('two revisions of a page compare side by side, as an onion skin and as their difference', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const { founder, projectId, chapterId } = await pageWithRevisions(request, tag);
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  const viewer = page.getByRole('dialog', { name: `灯台守${tag}／第1話 霧笛${tag}` });
  await expect(viewer.locator('.koma-deep-zoom canvas')).toBeVisible();

  // 比較: the revision on screen (the newest) against the one before it, side by side.
  await viewer.getByRole('button', { name: '比較' }).click();
  const compare = viewer.getByRole('region', { name: '比較' });
  await expect(compare).toBeVisible();
  await expect(page).toHaveURL(/compare=\d+&mode=side/);
  await expect(selectBox(page, '比較元の版')).toContainText('メイン作画 第2版');
  await expect(selectBox(page, '比較する版')).toContainText('メイン作画 第1版');
  await expect(compare.locator('.koma-compare-side canvas')).toHaveCount(2);
  await expect(compare.getByRole('img', { name: 'メイン作画 第1版' })).toBeVisible();

  // Zoom and pan are locked together: the wheel over the second view zooms the first (whose zoom
  // the bar shows).
  const zoom = viewer.getByLabel('倍率');
  await expect(zoom).toHaveText(/%$/);
  const before = await zoom.textContent();
  const second = await compare.locator('.koma-compare-side').nth(1).boundingBox();
  if (!second) throw new Error('no second view');
  await page.mouse.move(second.x + second.width / 2, second.y + second.height / 2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -300);
  await expect(zoom).not.toHaveText(before ?? '');
  // The viewer's zoom keys act on the comparison: 0 fits the page again.
  await page.keyboard.press('0');
  await expect(zoom).toHaveText(before ?? '');

  // The link names the comparison: opened again, it shows the same one.
  await page.reload();
  await expect(compare.locator('.koma-compare-side canvas')).toHaveCount(2);

  // Onion skin: one view, the slider fades the top revision.
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/mode=onion/);
  await expect(compare.locator('canvas')).toHaveCount(1);
  const onion = compare.locator('.koma-deep-zoom');
  await expect(onion).toHaveAttribute('data-top-opacity', '0.50');
  const slider = compare.getByRole('slider', { name: '不透明度' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await expect(onion).toHaveAttribute('data-top-opacity', '1.00');
  await page.keyboard.press('Home');
  await expect(onion).toHaveAttribute('data-top-opacity', '0.00');

  // F flips the two revisions: the selects swap, and the link with them.
  const [rev, other] = [param(page, 'rev'), param(page, 'compare')];
  await page.keyboard.press('f');
  await expect(selectBox(page, '比較元の版')).toContainText('メイン作画 第1版');
  await expect(selectBox(page, '比較する版')).toContainText('メイン作画 第2版');
  expect([param(page, 'rev'), param(page, 'compare')]).toEqual([other, rev]);

  // Difference: the figure the second revision adds is counted (160 × 220 of 600 × 850 px ≈ 6.9 %).
  await compare.getByText('差分', { exact: true }).click();
  await expect(page).toHaveURL(/mode=diff/);
  const changed = compare.getByLabel('変更されたピクセル');
  await expect(changed).toHaveText(/^変更されたピクセル：[\d,]+（[\d.]+%）$/, { timeout: 20_000 });
  const percent = Number(/（([\d.]+)%）/.exec((await changed.textContent()) ?? '')?.[1]);
  expect(percent).toBeGreaterThan(5);
  expect(percent).toBeLessThan(9);
  await expect(compare.locator('canvas')).toHaveCount(1);
  // The legend reads older → newer, whichever revision is on screen (issue 30).
  const legend = compare.locator('.koma-compare-legend');
  await expect(legend).toContainText('メイン作画 第1版 → メイン作画 第2版で加わった線');
  await expect(legend).toContainText('メイン作画 第1版 → メイン作画 第2版で消えた線');
  await compare.getByRole('button', { name: '入れ替え', exact: true }).click();
  await expect(selectBox(page, '比較元の版')).toContainText('メイン作画 第2版');
  await expect(changed).toHaveText(/（[\d.]+%）$/, { timeout: 20_000 });
  expect(Number(/（([\d.]+)%）/.exec((await changed.textContent()) ?? '')?.[1])).toBe(percent);
  await expect(legend).toContainText('メイン作画 第1版 → メイン作画 第2版で加わった線');

  // Esc leaves the comparison, not the viewer; a second Esc closes the viewer.
  await page.locator('.koma-compare-canvas').click();
  await page.keyboard.press('Escape');
  await expect(compare).toHaveCount(0);
  expect(param(page, 'compare')).toBeNull();
  await expect(viewer.locator('.koma-deep-zoom canvas')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/\/chapter\/viewer/);

  // On a phone the two revisions are stacked, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1&compare=${other}&mode=side`,
  );
  const sides = compare.locator('.koma-compare-side');
  await expect(sides.locator('canvas')).toHaveCount(2);
  const [top, bottom] = [await sides.nth(0).boundingBox(), await sides.nth(1).boundingBox()];
  expect(bottom?.y ?? 0).toBeGreaterThan((top?.y ?? 0) + (top?.height ?? 0) - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
