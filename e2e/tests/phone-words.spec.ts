import { contract } from '@koma/shared/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, bell, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, solidPng } from '../support/production.js';
import { apiProject, detailsPath } from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction, apiMark } from '../support/workflow.js';

/**
 * Every action on a 390 px phone (issue 30, §5): the notices open inside the screen, the date-range
 * picker shows one whole month, and the page viewer's red pen is at hand, a mark chosen in the list
 * coming into view above the marks' sheet.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo', viewport: { width: 390, height: 844 } });

const WIDTH = 390;

/** The box of an element, which must be on screen. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** Whether an element lies wholly inside the window's width (a pixel of rounding allowed). */
async function expectInsideWidth(locator: Locator) {
  const box = await boxOf(locator);
  expect(box.x).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH + 1);
}

test('the notices open inside the screen', async ({ page, request }) => {
  const person = await apiPerson(request, 'creator', { welcomeClosed: true });
  await logIn(page, person.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'お知らせ' });
  await expect(panel).toBeVisible();
  // The whole popover, its title and frame included, not only the list inside.
  await expectInsideWidth(page.locator('.ant-popover').filter({ has: panel }));
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'phone-notices-390');
});

test('the recruitment period shows one whole month, and the next is a tap away', async ({
  page,
  request,
}) => {
  const founder = await apiPerson(request, 'creator', { welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `一月の町${uniqueTag()}` });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  await page.getByRole('button', { name: '募集する' }).click();
  const recruit = page.getByRole('dialog', { name: '募集する' });
  await recruit.getByPlaceholder('開始日').click();
  const popup = page.locator('.ant-picker-dropdown:visible');
  await expect(popup).toHaveCount(1);
  const months = popup.locator('.ant-picker-header-view:visible');
  await expect(months).toHaveCount(1);
  await expectInsideWidth(popup.locator('.ant-picker-panel-container'));
  // The one month's own arrows lead on: the second month's are not needed.
  const shown = await months.innerText();
  const next = popup.getByRole('button', { name: '翌月' });
  await expect(next).toBeVisible();
  await next.click();
  await expect(months).not.toHaveText(shown);
  await shot(page, 'phone-range-picker-390');
});

/** A print-like page, grey, for the marks to stand out on. */
const PAGE_IMAGE = solidPng([235, 235, 235], 1200, 1700);

/** The marks' sheet on a phone, and its list. */
const sheetOf = (page: Page) => page.getByRole('dialog', { name: '赤入れ' });

/**
 * Pixels of a mark's colour on the marks layer, in the part of the page not under the sheet. The
 * marks are drawn on a canvas: its pixels are where they are on screen.
 */
async function colourAboveSheet(page: Page, rgb: [number, number, number]): Promise<number> {
  const sheetTop = (await boxOf(sheetOf(page))).y;
  return page.locator('.koma-marks-layer canvas').evaluate(
    (canvas, { sheetTop, rgb }) => {
      const c = canvas as HTMLCanvasElement;
      const rect = c.getBoundingClientRect();
      const ratio = c.width / rect.width;
      const height = Math.max(0, Math.min(rect.bottom, sheetTop) - rect.top);
      if (height === 0) return 0;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, Math.floor(height * ratio)).data;
      let found = 0;
      for (let i = 0; data && i < data.length; i += 4) {
        const near = Math.abs((data[i] ?? 0) - rgb[0]) + Math.abs((data[i + 1] ?? 0) - rgb[1]);
        if (data[i + 3] === 255 && near + Math.abs((data[i + 2] ?? 0) - rgb[2]) < 30) found++;
      }
      return found;
    },
    { sheetTop, rgb },
  );
}

test('the red pen is at hand on a phone, and a mark chosen in the list comes into view', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const [founder, editor] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `赤ペンの島${tag}` });
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 2, owner: founder }],
    { pageImage: PAGE_IMAGE },
  );
  // The editor's marks on the storyboard page: a red one at the top, a blue one at the very foot.
  const viewer = await apiCall(request, editor.token, contract.workflow.viewer, { projectId, chapterId });
  const first = viewer.pages[0];
  const revisionId = first?.revisions[0]?.id;
  if (!first || !revisionId) throw new Error('no storyboard revision');
  const at = { projectId, pageId: first.id, revisionId };
  const box = (y: number) => ({ type: 'rect' as const, x: 900, y, w: 200, h: 100 });
  await apiMark(request, editor, at, 'タイトルの位置', { shape: box(100), color: 'red' });
  await apiMark(request, editor, at, '柱の文字が小さい', { shape: box(1560), color: 'blue' });

  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  const sheet = sheetOf(page);
  await page.getByRole('button', { name: '赤入れ' }).click();
  await expect(sheet).toBeVisible();

  // The pens: every tool and colour inside the screen, above the fold of the sheet.
  const tools = sheet.getByRole('radiogroup', { name: '描く道具' });
  await expect(tools).toBeVisible({ timeout: 30_000 });
  await expectInsideWidth(tools);
  await expectInsideWidth(sheet.getByRole('radiogroup', { name: '色' }));
  await expect(page.getByRole('button', { name: '赤入れ' })).toBeInViewport();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'phone-red-pen-open-390');

  // A box drawn on the part of the page above the sheet is saved with its comment from the sheet.
  await sheet.getByTitle('四角', { exact: true }).click();
  await page.mouse.move(60, 230);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(60 + i * 12, 230 + i * 8);
  await page.mouse.up();
  const form = sheet.getByRole('form', { name: '新しい赤入れ' });
  await form.getByRole('textbox', { name: 'コメント' }).fill('ふきだしを大きく');
  await form.getByRole('button', { name: '赤入れを保存' }).click();
  await expect(form).toBeHidden();
  await expect(sheet.getByText('未対応 3・対応済み 0・確認済み 0')).toBeVisible();
  await sheet.getByTitle('見る（移動）', { exact: true }).click();

  // The blue mark at the page's foot lies under the sheet until it is chosen in the list.
  const list = sheet.getByRole('list', { name: 'この版の赤入れ' });
  const blue: [number, number, number] = [0x00, 0x68, 0xb7];
  await expect.poll(() => colourAboveSheet(page, [0xe6, 0x00, 0x12])).toBeGreaterThan(0);
  expect(await colourAboveSheet(page, blue)).toBe(0);
  await list.getByRole('button', { name: /柱の文字が小さい/ }).click();
  await expect.poll(() => colourAboveSheet(page, blue), { timeout: 10_000 }).toBeGreaterThan(100);
  await shot(page, 'phone-red-pen-390');
});
