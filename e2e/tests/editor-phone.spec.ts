import { contract } from '@koma/shared/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, type Person, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, solidPng, todoTile } from '../support/production.js';
import { apiJoin, apiPair, apiProject, apiRecruit, tokyoDay, uploadCover } from '../support/projects.js';
import { buttonsOutside, shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction, apiHandIn, apiMark, apiStartFirstStep } from '../support/workflow.js';

/**
 * The editor in charge's day (issue 40 #6 #7 #9 #11): on a 390 px phone she opens and answers
 * every kind of to-do she has — an invitation to take a serialization, a storyboard to approve,
 * marks to confirm — each a card with its whole requester's name and project and its actions on
 * screen; she sees the red pen on the page without opening its sheet, and draws on the artist's
 * pencils. At 1366 px the table's row opens its item and she draws as well.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const PAGE = solidPng([235, 235, 235], 600, 850);

/**
 * Every visible button of `scope` lies inside the window's width as it stands (nothing to scroll
 * sideways to), inside its height once scrolled to, and none under `minSize` px (44 on a phone).
 */
async function expectButtonsOnScreen(page: Page, scope: Locator, minSize = 0) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  expect(await buttonsOutside(page)).toEqual([]);
  const buttons = scope.getByRole('button').filter({ visible: true });
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    const name = (await button.getAttribute('aria-label')) || ((await button.textContent()) ?? '');
    const box = await button.boundingBox();
    if (!box) throw new Error(`no box for ${name}`);
    expect(box.x, name).toBeGreaterThanOrEqual(-0.5);
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(minSize - 0.5);
    await button.scrollIntoViewIfNeeded();
    const seen = await button.boundingBox();
    expect(seen?.y ?? -1, name).toBeGreaterThanOrEqual(-0.5);
    expect((seen?.y ?? 0) + (seen?.height ?? 0), name).toBeLessThanOrEqual(viewport.height + 0.5);
  }
}

async function openTodo(page: Page, tile: string): Promise<Locator> {
  await page.goto('/dashboard');
  await todoTile(page, tile).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(tile) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** How many pixels of the marks layer are drawn in the red pen's red (#e60012). */
function redPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    let red = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.koma-marks-layer canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 3] ?? 0) > 0 && (data[i] ?? 0) > 180 && (data[i + 1] ?? 0) < 80) red++;
    }
    return red;
  });
}

/** Picks the box tool in the marks' panel or sheet, drags on the page and saves the comment. */
async function drawBox(page: Page, panel: Locator, comment: string, minSize: number) {
  const tool = panel.getByRole('radio', { name: '四角' });
  await panel.getByTitle('四角', { exact: true }).click();
  await expect(tool).toBeChecked();
  for (const title of ['見る（移動）', 'ペン', '四角', '赤', '青']) {
    const box = await panel.getByTitle(title, { exact: true }).boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0), title).toBeGreaterThanOrEqual(minSize - 0.5);
  }
  const layer = await page.locator('.koma-marks-layer').boundingBox();
  if (!layer) throw new Error('no marks layer');
  // The page is fitted in the middle of the stage: draw inside its upper middle.
  const x0 = layer.x + layer.width * 0.42;
  const y0 = layer.y + layer.height * 0.2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + 6 * i, y0 + 5 * i);
  await page.mouse.up();
  const form = panel.getByRole('form', { name: '新しい赤入れ' });
  await form.getByRole('textbox', { name: 'コメント' }).fill(comment);
  await form.getByRole('button', { name: '赤入れを保存' }).click();
  await expect(form).toBeHidden();
  await expect(panel.getByRole('listitem').filter({ hasText: comment })).toContainText('未対応');
}

/** A founder's project that invites `editor` to be its editor in charge (not yet answered). */
async function invitingProject(
  request: Parameters<typeof apiPair>[0],
  founder: Person,
  editor: Person,
  title: string,
) {
  const projectId = await apiProject(request, founder, { title });
  await apiCall(request, founder.token, contract.projects.invite, {
    projectid: projectId,
    userid: editor.id,
  });
  return projectId;
}

test('the editor answers every to-do on a phone and at a desk, sees the marks on the page and marks the pencils', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  // A founder's full name, long enough to be cut on a phone before (issue 40 #11).
  const founderName = `渡辺 蓮之介${tag}`;
  const [founder, editor, artist, other] = await Promise.all([
    apiPerson(request, 'creator', { nickname: founderName, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `田中${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `伊藤 美桜${tag}`, welcomeClosed: true }),
  ]);
  const title = `星降る町の図書館${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  // 第1話 in production: the artist hands in page 1's pencils.
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 2, owner: artist }],
    { pageImage: PAGE },
  );
  const stepId = await apiStartFirstStep(request, { founder, artist }, { projectId, chapterId, pageId });
  await apiHandIn(request, artist, projectId, stepId, PAGE);
  const viewer = await apiCall(request, founder.token, contract.workflow.viewer, { projectId, chapterId });
  const storyboard = viewer.pages[0]?.revisions.find((r) => r.kind === 'script')?.id as number;
  // Her storyboard mark, resolved by the founder: one to confirm (赤入れの確認).
  const markId = await apiMark(
    request,
    editor,
    { projectId, pageId, revisionId: storyboard },
    '台詞を大きく',
  );
  await apiCall(request, founder.token, contract.marks.resolve, { projectId, markId, state: 'open' });
  // 第2話's storyboard waits for her (ネームの承認依頼).
  const second = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: `第2話${tag}`,
    page: '1',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const secondPages = await apiCall(request, founder.token, contract.pages.list, {
    projectId,
    chapterId: second.chapterId,
  });
  const drafted = await request.post(contract.pages.upload.path, {
    headers: { token: founder.token },
    multipart: {
      projectId: String(projectId),
      pageId: String(secondPages.list[0]?.id),
      file: { name: 'page.png', mimeType: 'image/png', buffer: PAGE },
    },
  });
  expect(drafted.status()).toBe(200);
  await apiCall(request, founder.token, contract.chapters.submitNames, {
    projectId,
    chapterId: second.chapterId,
  });
  // Two other serializations ask her to be their editor (担当編集者への招待).
  await apiPair(request, other, editor);
  const accepted = `坂の上の喫茶${tag}`;
  const refused = `雨の日の常連${tag}`;
  await invitingProject(request, other, editor, accepted);
  await invitingProject(request, other, editor, refused);
  // A creator with a long name asks to pair with her: the dashboard names him in full (issue 40 #11).
  const asking = await apiPerson(request, 'creator', {
    nickname: `長谷川 秀一郎${tag}`,
    welcomeClosed: true,
  });
  await apiCall(request, asking.token, contract.matching.apply, { toUid: editor.id, message: '' });

  // ── On a phone. ──
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  const requester = page.locator('.koma-person-name', { hasText: `長谷川 秀一郎${tag}` });
  await expect(requester).toBeVisible();
  expect(await requester.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // ネームの承認依頼: a card with the whole requester's name and the project; a tap opens the storyboard.
  let dialog = await openTodo(page, 'ネームの承認依頼');
  let card = dialog.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText(founderName);
  await expect(card).toContainText(`第2話${tag}`);
  await expectButtonsOnScreen(page, dialog, 44);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'editor-phone-name-390');
  // A tap on the card, not on its title alone, opens it.
  await card.click({ position: { x: 24, y: 72 } });
  await expect(page).toHaveURL(
    new RegExp(`/chapter/script\\?projectId=${projectId}&chapterId=${second.chapterId}`),
  );

  // 赤入れの確認: a tap on the card opens the marked page; the marks are on it, no sheet opened.
  dialog = await openTodo(page, '赤入れの確認');
  card = dialog.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('1ページに確認待ちの赤入れが1件あります');
  await expectButtonsOnScreen(page, dialog, 44);
  await card.click({ position: { x: 24, y: 72 } });
  await expect(page).toHaveURL(/\/chapter\/viewer\?.*page=1/);
  await expect(page.getByRole('dialog', { name: '赤入れ' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'ページの書き込みを隠す' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The viewer shows the newest revision, the pencils; the storyboard mark waits on the storyboard.
  const pencils = viewer.pages[0]?.revisions.find((r) => r.kind === 'step')?.id as number;
  await apiMark(request, founder, { projectId, pageId, revisionId: pencils }, '線を整えて');
  await page.reload();
  await expect.poll(() => redPixels(page), { timeout: 20_000 }).toBeGreaterThan(20);
  await expect(page.getByRole('dialog', { name: '赤入れ' })).toBeHidden();
  // Touch targets of the viewer's bar: a finger wide.
  await expectButtonsOnScreen(page, page.locator('.koma-viewer-bar'), 44);
  await shot(page, 'editor-phone-marks-on-page-390');
  // The toggle hides them, and shows them again.
  await page.getByRole('button', { name: 'ページの書き込みを隠す' }).click();
  await expect.poll(() => redPixels(page)).toBe(0);
  await page.getByRole('button', { name: 'ページに書き込みを表示' }).click();
  await expect.poll(() => redPixels(page), { timeout: 20_000 }).toBeGreaterThan(20);

  // She marks the artist's pencils (a production step result) from the sheet.
  await page.getByRole('button', { name: '赤入れ', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '赤入れ' });
  await expect(sheet).toBeVisible();
  await drawBox(page, sheet, `下描き：表情を硬く${tag}`, 44);
  await expectButtonsOnScreen(page, sheet, 44);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'editor-phone-drawn-390');

  // On a touch screen the pen's hint speaks of tracing with a finger, not of Esc.
  const touch = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const tPage = await touch.newPage();
  await logIn(tPage, editor.email);
  await expect(tPage).toHaveURL(/\/dashboard$/);
  await tPage.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  await tPage.getByRole('button', { name: '赤入れ', exact: true }).click();
  const tSheet = tPage.getByRole('dialog', { name: '赤入れ' });
  await tSheet.getByTitle('ペン', { exact: true }).click();
  await expect(tSheet.getByText('ページの上を指でなぞって描きます。', { exact: false })).toBeVisible();
  await expect(tSheet.getByText('Esc', { exact: false })).toHaveCount(0);
  await touch.close();

  // 担当編集者への招待: 承諾する on screen, then she is in the project.
  dialog = await openTodo(page, '担当編集者への招待');
  card = dialog.getByRole('listitem').filter({ hasText: accepted });
  await expect(card).toContainText(`伊藤 美桜${tag}`);
  await expectButtonsOnScreen(page, dialog, 44);
  await shot(page, 'editor-phone-invitation-390');
  await card.getByRole('button', { name: '承諾する' }).click();
  await expect(page).toHaveURL(/\/projectDetails\/projectDetails\?proId=/);

  // ── At a desk: the same to-dos as a table, whose row opens its item. ──
  await page.setViewportSize({ width: 1366, height: 900 });
  dialog = await openTodo(page, '赤入れの確認');
  await expectButtonsOnScreen(page, dialog);
  // A click anywhere on the row opens the item, as 処理へ does.
  await dialog.getByRole('row').filter({ hasText: title }).getByText(`第1話${tag}`).click();
  await expect(page).toHaveURL(/\/chapter\/viewer\?.*page=1/);
  await expect.poll(() => redPixels(page), { timeout: 20_000 }).toBeGreaterThan(20);
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  await expect(panel.getByRole('listitem').filter({ hasText: `下描き：表情を硬く${tag}` })).toBeVisible();
  await drawBox(page, panel, `ペン入れ前に目線を確認${tag}`, 0);
  await shot(page, 'editor-phone-drawn-1366');

  dialog = await openTodo(page, 'ネームの承認依頼');
  await expectButtonsOnScreen(page, dialog);
  await dialog.getByRole('row').filter({ hasText: title }).getByText(`第2話${tag}`).click();
  await expect(page).toHaveURL(
    new RegExp(`/chapter/script\\?projectId=${projectId}&chapterId=${second.chapterId}`),
  );

  dialog = await openTodo(page, '担当編集者への招待');
  await expectButtonsOnScreen(page, dialog);
  await dialog
    .getByRole('row')
    .filter({ hasText: refused })
    .getByRole('button', { name: 'お断りする' })
    .click();
  await expect(dialog).toBeHidden();
  await page.goto('/dashboard');
  await expect(todoTile(page, '担当編集者への招待')).toHaveCount(0);
});

test('the editor opens the 校了 request on a phone: a card with the founder and the project, every button on screen', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const founderName = `渡辺 蓮之介${tag}`;
  const [founder, editor, artist] = await Promise.all([
    apiPerson(request, 'creator', { nickname: founderName, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `田中${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
  ]);
  const title = `月夜の書店${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  // 第1話's one page done: the pencils handed in and approved, then the founder asks for 校了.
  const chapterTitle = `第1話${tag}`;
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    chapterTitle,
    [{ posId: 2, owner: artist }],
    { pageImage: PAGE },
  );
  const stepId = await apiStartFirstStep(request, { founder, artist }, { projectId, chapterId, pageId });
  await apiHandIn(request, artist, projectId, stepId, PAGE);
  await apiCall(request, founder.token, contract.workflow.pass, { projectId, workflowStepId: stepId });
  await apiCall(request, founder.token, contract.workflow.submitAudit, {
    projectId,
    chapterId,
    confirmWarnings: true,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = await openTodo(page, '校了の承認依頼');
  const card = dialog.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText(chapterTitle);
  await expectButtonsOnScreen(page, dialog, 44);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'editor-phone-final-audit-390');
  await card.click({ position: { x: 24, y: 72 } });
  await expect(page).toHaveURL(new RegExp(`chapterId=${chapterId}`));
});
