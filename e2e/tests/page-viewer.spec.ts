import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, type Person, pickOption, uniqueTag } from '../support/people.js';
import { solidPng } from '../support/production.js';
import { apiProject, tokyoDay, uploadCover } from '../support/projects.js';
import { apiRenditionStatuses } from '../support/workflow.js';

test.use({ reducedMotion: 'reduce' });

/** Four print-like pages of one colour each: the viewer tells them apart by number only. */
const PAGES = [
  solidPng([250, 250, 250], 1200, 1700),
  solidPng([230, 230, 230], 1200, 1700),
  solidPng([210, 210, 210], 1200, 1700),
  solidPng([190, 190, 190], 1200, 1700),
];

/** A founder's chapter whose four storyboard pages are uploaded and rendered. */
async function renderedChapter(request: APIRequestContext, founder: Person, tag: string) {
  const projectId = await apiProject(request, founder, { title: `夜の図書館${tag}` });
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: `第1話 閉館後${tag}`,
    page: String(PAGES.length),
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const { list } = await apiCall(request, founder.token, contract.pages.list, {
    projectId,
    chapterId,
  });
  for (const [i, page] of list.entries()) {
    const res = await request.post(contract.pages.upload.path, {
      headers: { token: founder.token },
      multipart: {
        projectId: String(projectId),
        pageId: String(page.id),
        file: { name: `p${i + 1}.png`, mimeType: 'image/png', buffer: PAGES[i] as Buffer },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  // The renditions are made by a job after each upload.
  await expect
    .poll(
      async () =>
        (await apiRenditionStatuses(request, founder.token, { projectId, chapterId })).map((p) => p.at(-1)),
      { timeout: 30_000 },
    )
    .toEqual(['ready', 'ready', 'ready', 'ready']);
  return { projectId, chapterId };
}

const position = (page: Page) => page.getByRole('heading', { level: 1 });
const pageParam = (page: Page) => new URL(page.url()).searchParams.get('page');

test('a page opens in the viewer, zooms to 100 %, turns in both reading directions and opens as a spread', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const { projectId, chapterId } = await renderedChapter(request, founder, tag);
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Opened from the storyboard page's dialog, at that page.
  await page.goto(`/chapter/script?projectId=${projectId}&chapterId=${chapterId}`);
  await page.getByRole('button', { name: '2ページを表示' }).click();
  const tileReplies: number[] = [];
  const descriptors: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/tiles_files/')) tileReplies.push(res.status());
    if (res.url().endsWith('.dzi')) descriptors.push(res.url());
  });
  await page.getByRole('link', { name: 'ビューアで開く' }).click();
  await expect(page).toHaveURL(/\/chapter\/viewer\?.*page=2/);
  const viewer = page.getByRole('dialog', { name: `夜の図書館${tag}／第1話 閉館後${tag}` });
  await expect(viewer).toBeVisible();
  await expect(position(page)).toContainText('2ページ · 2 / 4');
  await expect(viewer.getByRole('img', { name: '2ページ · 2 / 4' })).toBeVisible();
  await expect(viewer.locator('.koma-deep-zoom canvas')).toBeVisible();
  // A page of one revision has nothing to compare with (e2e/tests/revision-compare.spec.ts).
  await expect(viewer.getByRole('button', { name: '比較' })).toBeDisabled();
  // Every tile of the first screen arrives, opened from the reply without a descriptor request.
  await page.waitForFunction(() => performance.getEntriesByName('koma:viewer-sharp').length > 0);
  expect(tileReplies.length).toBeGreaterThan(0);
  expect(tileReplies.every((status) => status === 200)).toBe(true);
  expect(descriptors).toEqual([]);

  // 100 %: one screen pixel per pixel of the original; 全体 fits the page again.
  const zoom = viewer.getByLabel('倍率');
  await expect(zoom).not.toHaveText('100%');
  await viewer.getByRole('button', { name: '100%' }).click();
  await expect(zoom).toHaveText('100%');
  await page.keyboard.press('0');
  await expect(zoom).not.toHaveText('100%');

  // Right to left (manga): ← is the next page, → the previous one.
  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toContainText('3ページ · 3 / 4');
  expect(pageParam(page)).toBe('3');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toContainText('1ページ · 1 / 4');

  // The founder turns the project to left to right: → is now the next page.
  await pickOption(page, '読む方向', '左から右');
  await expect(page.locator('.koma-viewer-strip')).toHaveAttribute('dir', 'ltr');
  await page.locator('.koma-viewer-stage').click();
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toContainText('2ページ · 2 / 4');
  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toContainText('1ページ · 1 / 4');

  // Spread: the first page alone, then pages 2 and 3 side by side; a turn goes a whole opening.
  // → and s arrive in one task, before the screen has shown page 2: s still acts on page 2.
  await page.evaluate(() => {
    for (const key of ['ArrowRight', 's']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    }
  });
  await expect(page).toHaveURL(/spread=1/);
  const strip = page.getByRole('navigation', { name: 'ページ一覧' });
  await expect(strip.locator('[aria-current="page"]')).toHaveCount(2);
  await expect(strip.locator('[aria-current="page"]').first()).toContainText('2ページ');
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toContainText('4ページ · 4 / 4');
  await expect(strip.locator('[aria-current="page"]')).toHaveCount(1);

  // The link names the page: opened again, it shows the same one; Esc leaves the viewer.
  await page.reload();
  await expect(position(page)).toContainText('4ページ · 4 / 4');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/\/chapter\/viewer/);
});

const stripPage = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'ページ一覧' }).getByRole('button', { name: label });

test('a vertical chapter scrolls as one column: the link follows the page in view and the strip jumps', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const { projectId, chapterId } = await renderedChapter(request, founder, tag);
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  await expect(position(page)).toContainText('1ページ · 1 / 4');

  // The founder makes the project a vertical scroll: one column, no spreads.
  await pickOption(page, '読む方向', '縦スクロール');
  const column = page.getByRole('region', { name: `夜の図書館${tag}／第1話 閉館後${tag}` });
  await expect(column.locator('canvas')).toBeVisible();
  await expect(page.getByRole('button', { name: '見開き' })).toBeDisabled();
  await expect(page.getByLabel('倍率')).toHaveText(/%$/);
  await column.click();

  // The wheel scrolls: the page filling the view is the one the link names, without new history.
  const historyLength = await page.evaluate(() => history.length);
  const box = await column.boundingBox();
  if (!box) throw new Error('no column');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 400);
  await expect.poll(() => Number(pageParam(page))).toBeGreaterThan(1);
  // The wheel's scroll may still be moving: the link and the heading must come to name one page.
  await expect
    .poll(async () => `${await position(page).textContent()}`.startsWith(`${pageParam(page)}ページ`))
    .toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // Keys: End and Home go to either end, Page Down to the next page's top, ↓ a screen on.
  await page.keyboard.press('End');
  await expect(position(page)).toContainText('4ページ · 4 / 4');
  await page.keyboard.press('Home');
  await expect(position(page)).toContainText('1ページ · 1 / 4');
  await page.keyboard.press('PageDown');
  await expect(position(page)).toContainText('2ページ · 2 / 4');
  await page.keyboard.press('Space');
  await expect(position(page)).toContainText('3ページ · 3 / 4');

  // The strip jumps to a page and marks the page in view.
  await stripPage(page, '1ページ').click();
  await expect(position(page)).toContainText('1ページ · 1 / 4');
  await stripPage(page, '4ページ').click();
  await expect(position(page)).toContainText('4ページ · 4 / 4');
  await expect(stripPage(page, '4ページ')).toHaveAttribute('aria-current', 'page');
  expect(pageParam(page)).toBe('4');

  // A link naming page 3 opens the column there.
  await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=3`);
  await expect(position(page)).toContainText('3ページ · 3 / 4');
  await expect(column.locator('canvas')).toBeVisible();
  await page.waitForTimeout(300);
  expect(pageParam(page)).toBe('3');
});

type Finger = [number, number];

/**
 * One touch gesture through Chromium's input: fingers move from `from` to `to` in `steps`, the
 * moves sent back to back as a quick finger's are (a loaded machine's round trips would otherwise
 * slow a swipe down to a drag).
 */
async function gesture(page: Page, from: Finger[], to: Finger[], steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const at = (k: number) =>
    from.map(([x, y], f) => {
      const [toX, toY] = to[f] as Finger;
      return { x: x + ((toX - x) * k) / steps, y: y + ((toY - y) * k) / steps, id: f };
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  const moves = Array.from({ length: steps }, (_, k) =>
    cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(k + 1) }),
  );
  await Promise.all(moves);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const percent = async (page: Page) => Number((await page.getByLabel('倍率').textContent())?.replace('%', ''));

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a pinch zooms and a swipe turns the page; a vertical chapter scrolls under the finger', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
    const { projectId, chapterId } = await renderedChapter(request, founder, tag);
    await logIn(page, founder.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
    const stage = page.locator('.koma-viewer-stage');
    await expect(stage.locator('canvas').first()).toBeVisible();
    await expect(page.getByLabel('倍率')).toHaveText(/%$/);
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Right to left: the finger pushes the page to the right, and the next page comes in.
    await gesture(page, [[cx - 150, cy]], [[cx + 150, cy]], 6);
    await expect(position(page)).toContainText('2ページ · 2 / 4');

    // Two fingers apart zoom in.
    const before = await percent(page);
    await gesture(
      page,
      [
        [cx - 30, cy],
        [cx + 30, cy],
      ],
      [
        [cx - 150, cy],
        [cx + 150, cy],
      ],
      12,
    );
    await expect.poll(() => percent(page)).toBeGreaterThan(before * 1.5);

    // Vertical: a drag up scrolls the column and the link follows; a pinch zooms it too.
    await apiCall(request, founder.token, contract.projects.readingDirection, {
      projectId,
      direction: 'vertical',
    });
    await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
    await expect(stage.locator('canvas').first()).toBeVisible();
    await expect(page.getByLabel('倍率')).toHaveText(/%$/);
    await gesture(page, [[cx, cy + 200]], [[cx, cy - 200]], 10);
    await gesture(page, [[cx, cy + 200]], [[cx, cy - 200]], 10);
    await expect.poll(() => Number(pageParam(page))).toBeGreaterThan(1);
    const columnBefore = await percent(page);
    await gesture(
      page,
      [
        [cx - 30, cy],
        [cx + 30, cy],
      ],
      [
        [cx - 150, cy],
        [cx + 150, cy],
      ],
      12,
    );
    await expect.poll(() => percent(page)).toBeGreaterThan(columnBefore * 1.5);
  });
});
