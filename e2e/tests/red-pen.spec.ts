import fs from 'node:fs/promises';
import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, selectBox, uniqueTag } from '../support/people.js';
import {
  apiEditorInCharge,
  closeSteps,
  confirm,
  expectTodos,
  goToTodo,
  openStepHistory,
  openSteps,
  solidPng,
  stepRow,
} from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, otherContext } from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction, apiHandIn, apiMark } from '../support/workflow.js';

/**
 * Red-pen review (issue 14, docs/marks.md): the step's reviewer draws a rectangle and an arrow with
 * two comments on page 3 and sends the page back; the assistant sees both marks, hands in a fix,
 * compares the two revisions and resolves both; the reviewer confirms them and approves.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const BACKGROUNDS = '背景デザイン';

/** A print-like page (1200 × 1700): the fix differs from the first version by its grey. */
const FIRST = solidPng([235, 235, 235], 1200, 1700);
const FIX = solidPng([215, 215, 215], 1200, 1700);

/** Drags on the page from one point to another, given as shares of the page area on screen. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = await page.locator('.koma-marks-layer').boundingBox();
  if (!box) throw new Error('no marks layer');
  // The page is fitted in the middle of the stage: draw well inside its middle third.
  const at = ([x, y]: [number, number]) =>
    [box.x + box.width * (0.4 + x * 0.2), box.y + box.height * (0.3 + y * 0.4)] as const;
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
  await page.mouse.up();
}

async function drawMark(
  page: Page,
  tool: string,
  from: [number, number],
  to: [number, number],
  comment: string,
) {
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  await panel.getByTitle(tool, { exact: true }).click();
  await expect(panel.getByRole('radio', { name: tool })).toBeChecked();
  await drag(page, from, to);
  const form = panel.getByRole('form', { name: '新しい赤入れ' });
  await form.getByRole('textbox', { name: 'コメント' }).fill(comment);
  await form.getByRole('button', { name: '赤入れを保存' }).click();
  await expect(form).toBeHidden();
}

const markItem = (scope: Locator, comment: string) =>
  scope.getByRole('listitem').filter({ hasText: comment });

/**
 * A founder's project with an editor in charge and a chapter in production, whose storyboard pages
 * the editor judges; read vertically when asked.
 */
async function storyboardChapter(
  request: APIRequestContext,
  title: string,
  { vertical = false, pageCount = 1 }: { vertical?: boolean; pageCount?: number } = {},
) {
  const tag = uniqueTag();
  const [founder, editor] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `${title}${tag}` });
  await apiEditorInCharge(request, founder, editor, projectId);
  if (vertical)
    await apiCall(request, founder.token, contract.projects.readingDirection, {
      projectId,
      direction: 'vertical',
    });
  const { chapterId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 2, owner: founder }],
    // Print-like pages: at the column's width one fills the view, as a real manuscript does.
    { pageCount, pageImage: vertical ? FIRST : undefined },
  );
  return { founder, editor, projectId, chapterId };
}

test('the reviewer marks page 3 and sends it back; the assistant fixes, compares and resolves; the reviewer confirms and approves', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor, assistant] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `赤ペンの森${tag}` });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId, pageIds } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 5, owner: assistant }],
    { pageCount: 3 },
  );
  const page3 = pageIds[2] as number;
  const detail = await apiCall(request, founder.token, contract.workflow.page, {
    projectId,
    chapterId,
    pageId: page3,
  });
  const stepId = detail.steps[0]?.step_id as number;
  await apiCall(request, assistant.token, contract.workflow.start, { projectId, workflowStepId: stepId });
  await apiHandIn(request, assistant, projectId, stepId, FIRST, 'p3-bg.png');
  const viewerUrl = `/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=3`;

  // ── The founder, who judges the assistant's step, marks page 3. ──
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(viewerUrl);
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  await expect(panel.getByText('道具を選んでページに描くと、赤入れを追加できます。')).toBeVisible({
    timeout: 30_000,
  });
  await drawMark(page, '四角', [0.1, 0.1], [0.5, 0.4], 'トーンが抜けています');
  await drawMark(page, '矢印', [0.9, 0.9], [0.6, 0.6], '吹き出しのしっぽを左へ');
  const list = panel.getByRole('list', { name: 'この版の赤入れ' });
  await expect(markItem(list, 'トーンが抜けています')).toContainText('1');
  await expect(markItem(list, '吹き出しのしっぽを左へ')).toContainText('2');
  await expect(panel.getByText('未対応 2・対応済み 0・確認済み 0')).toBeVisible();
  await shot(page, 'red-pen-founder-1366');

  // ── …and sends the page back from the work screen. ──
  await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
  const steps = await openSteps(page, 3);
  // Approving over open marks asks first; the founder thinks again.
  await stepRow(steps, BACKGROUNDS)
    .getByRole('button', { name: `${BACKGROUNDS}を承認` })
    .click();
  const overMarks = page.getByRole('dialog', { name: '未対応の赤入れが2件あります。承認しますか？' });
  await expect(overMarks).toContainText(`「${BACKGROUNDS}」の作業を承認しますか？`);
  await overMarks.getByRole('button', { name: 'キャンセル' }).click();
  await expect(overMarks).toBeHidden();
  await expect(stepRow(steps, BACKGROUNDS)).toContainText('承認待ち');
  await stepRow(steps, BACKGROUNDS)
    .getByRole('button', { name: `${BACKGROUNDS}を差し戻す` })
    .click();
  const sendBack = page.getByRole('dialog', { name: `差し戻し（${BACKGROUNDS}）` });
  await sendBack.getByRole('textbox', { name: '差し戻し理由' }).fill('赤入れの2か所を直してください');
  await sendBack.getByRole('button', { name: '差し戻す' }).click();
  await expect(sendBack).toBeHidden();
  await expect(stepRow(steps, BACKGROUNDS)).toContainText('差し戻し');
  await closeSteps(steps);

  // ── The assistant sees both marks on the revision sent back, hands in a fix… ──
  const aContext = await otherContext(browser, baseURL);
  const aPage = await aContext.newPage();
  await aPage.setViewportSize({ width: 1366, height: 900 });
  await logIn(aPage, assistant.email);
  await expect(aPage).toHaveURL(/\/dashboard$/);
  // The marks wait on the assistant's dashboard, and lead to the page in the viewer.
  // Counted in the unit each title names (issue 30): two steps to start (pages 1 and 2), the two open marks.
  await expectTodos(aPage, { 作業中のページ: 2, 作業の修正依頼: 1, 未対応の赤入れ: 2 });
  await goToTodo(aPage, '未対応の赤入れ', `赤ペンの森${tag}`);
  await expect(aPage).toHaveURL(/\/chapter\/viewer\?.*page=3/);
  const aPanel = aPage.getByRole('complementary', { name: '赤入れ' });
  const aList = aPanel.getByRole('list', { name: 'この版の赤入れ' });
  await expect(markItem(aList, 'トーンが抜けています')).toBeVisible();
  await expect(markItem(aList, '吹き出しのしっぽを左へ')).toBeVisible();
  // Nobody draws on their own work: no tools for the assistant.
  await expect(aPanel.getByRole('radiogroup', { name: '描く道具' })).toHaveCount(0);

  await apiHandIn(request, assistant, projectId, stepId, FIX, 'p3-bg.png');
  await aPage.reload();
  await expect(aPage.getByRole('combobox', { name: '版' })).toBeVisible();
  await expect(aPage.locator('.koma-viewer-bar')).toContainText('背景デザイン 第2版', { timeout: 30_000 });
  const ghosts = aPanel.getByRole('region', { name: '前の版からの赤入れ' });
  await expect(aPanel.getByText('この版には赤入れがありません。')).toHaveCount(0);

  await shot(aPage, 'red-pen-assistant-fix');
  // The founder opens the fix too, and keeps it open while the assistant works.
  await page.goto(viewerUrl);
  await expect(
    markItem(panel.getByRole('region', { name: '前の版からの赤入れ' }), '吹き出しのしっぽを左へ'),
  ).toContainText('未対応');

  // ── …compares the fix with the version sent back in all three modes… ──
  const aViewer = aPage.getByRole('dialog', { name: new RegExp(`赤ペンの森${tag}`) });
  await aViewer.getByRole('button', { name: '比較' }).click();
  const compare = aViewer.getByRole('region', { name: '比較' });
  await shot(aPage, 'red-pen-compare');
  await expect(selectBox(aPage, '比較元の版')).toContainText('背景デザイン 第2版');
  await expect(selectBox(aPage, '比較する版')).toContainText('背景デザイン 第1版');
  await expect(compare.locator('.koma-compare-side canvas')).toHaveCount(2, { timeout: 20_000 });
  await aPage.keyboard.press('o');
  await expect(compare.getByRole('slider', { name: '不透明度' })).toBeVisible();
  await aPage.keyboard.press('f');
  await expect(selectBox(aPage, '比較元の版')).toContainText('背景デザイン 第1版');
  await aPage.keyboard.press('d');
  await expect(compare.getByLabel('変更されたピクセル')).toHaveText(/（[\d.]+%）$/, { timeout: 20_000 });
  await aPage.keyboard.press('Escape');
  await expect(compare).toBeHidden();
  await aPage.goto(viewerUrl);
  // ── …and resolves both over the new revision, answering one. ──
  for (const comment of ['トーンが抜けています', '吹き出しのしっぽを左へ']) {
    const item = markItem(ghosts, comment);
    await item.getByRole('button', { name: new RegExp(comment) }).click();
    if (comment === 'トーンが抜けています') {
      await item.getByRole('textbox', { name: '返信' }).fill('トーンを貼り直しました');
      await item.getByRole('button', { name: '返信する' }).click();
      await expect(item).toContainText('トーンを貼り直しました');
    }
    await item.getByRole('button', { name: '対応済みにする' }).click();
    await expect(item).toContainText('対応済み');
  }
  await shot(aPage, 'red-pen-assistant-1366');

  // On a phone the marks wait under their button, over the page as a sheet.
  await aPage.setViewportSize({ width: 390, height: 844 });
  await aPage.reload();
  const sheet = aPage.getByRole('dialog', { name: '赤入れ' });
  await expect(sheet).toBeHidden();
  await aPage.getByRole('button', { name: '赤入れ' }).click();
  await expect(markItem(sheet, '吹き出しのしっぽを左へ')).toContainText('対応済み');
  expect(await sidewaysScroll(aPage)).toBeLessThanOrEqual(0);
  await shot(aPage, 'red-pen-assistant-390');

  // ── The founder, whose viewer stayed open, sees both resolved without reloading, confirms both and approves. ──
  const fGhosts = panel.getByRole('region', { name: '前の版からの赤入れ' });
  for (const comment of ['トーンが抜けています', '吹き出しのしっぽを左へ']) {
    const item = markItem(fGhosts, comment);
    await expect(item).toContainText('対応済み');
    await item.getByRole('button', { name: new RegExp(comment) }).click();
    await item.getByRole('button', { name: '確認する' }).click();
    await expect(item).toHaveCount(0);
  }
  await expect(panel.getByText('道具を選んでページに描くと、赤入れを追加できます。')).toBeVisible();
  await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
  const again = await openSteps(page, 3);
  await stepRow(again, BACKGROUNDS)
    .getByRole('button', { name: `${BACKGROUNDS}を承認` })
    .click();
  await confirm(page, `「${BACKGROUNDS}」の作業を承認しますか？`, '承認');
  await expect(stepRow(again, BACKGROUNDS)).toContainText('完了');
  // The step's history counts the marks per revision by state: two on the first, both confirmed; none on the fix.
  const history = await openStepHistory(again, BACKGROUNDS);
  const handedIn = history.getByRole('row').filter({ hasText: 'p3-bg.png' });
  await expect(handedIn).toHaveCount(2);
  await expect(handedIn.last()).toContainText('赤入れ：未対応 0・対応済み 0・確認済み 2');
  await expect(handedIn.first()).not.toContainText('赤入れ');
  await shot(page, 'red-pen-history-1366');
  // On a phone the history scrolls inside its table; the screen itself does not move sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(handedIn.last()).toContainText('赤入れ：未対応 0・対応済み 0・確認済み 2');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'red-pen-history-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(history.getByRole('row').filter({ hasText: '赤入れの2か所を直してください' })).toContainText(
    '差し戻し',
  );
  await closeSteps(history);
  await closeSteps(again);

  // ── The chapter's correction sheet holds page 3 and both comments. ──
  await page.goto(viewerUrl);
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: '修正シート（PDF）' }).click();
  await page.getByRole('menuitem', { name: 'この話の全ページ（すべて）' }).click();
  const download = await downloading;
  // 作品名_第N話_種類 (docs/files.md): the series first, then the chapter's number.
  expect(download.suggestedFilename()).toBe(`赤ペンの森${tag}_第1話_赤入れ.pdf`);
  const text = await pdfText(await fs.readFile((await download.path()) as string));
  expect(text).toContain('3ページ');
  expect(text).toContain('トーンが抜けています');
  expect(text).toContain('吹き出しのしっぽを左へ');
  expect(text).toContain('トーンを貼り直しました');
  await aContext.close();
});

test('the editor writes on a storyboard page; a creator resolves it and the editor confirms', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { founder, editor, projectId, chapterId } = await storyboardChapter(request, 'ネームの海');
  const viewerUrl = `/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`;

  // The editor in charge judges the storyboard: words on the page, with a comment.
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(viewerUrl);
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  await panel.getByTitle('文字', { exact: true }).click();
  await expect(panel.getByText('文字を書く場所をクリックします。Esc で道具を置きます。')).toBeVisible();
  await drag(page, [0.5, 0.5], [0.5, 0.5]);
  const form = panel.getByRole('form', { name: '新しい赤入れ' });
  await form.getByRole('textbox', { name: 'ページに書く文字' }).fill('ここ修正');
  await form.getByRole('textbox', { name: 'コメント' }).fill('表情をもっと硬く');
  await form.getByRole('button', { name: '赤入れを保存' }).click();
  const list = panel.getByRole('list', { name: 'この版の赤入れ' });
  await expect(markItem(list, '表情をもっと硬く')).toContainText('未対応');
  // Esc puts the tool down first, then closes the viewer.
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('radio', { name: '見る（移動）' })).toBeChecked();

  // A creator of the storyboard resolves it; the editor's open viewer follows and confirms.
  const fContext = await otherContext(browser, baseURL);
  const fPage = await fContext.newPage();
  await logIn(fPage, founder.email);
  await expect(fPage).toHaveURL(/\/dashboard$/);
  await fPage.goto(viewerUrl);
  const fItem = markItem(fPage.getByRole('list', { name: 'この版の赤入れ' }), '表情をもっと硬く');
  await fItem.getByRole('button', { name: /表情をもっと硬く/ }).click();
  await expect(fItem.getByRole('button', { name: '確認する' })).toHaveCount(0);
  await fItem.getByRole('button', { name: '対応済みにする' }).click();
  await expect(fItem).toContainText('対応済み');
  const item = markItem(list, '表情をもっと硬く');
  await expect(item).toContainText('対応済み');
  // Still picked since it was saved: its thread stays open.
  await expect(item.getByRole('button', { name: /表情をもっと硬く/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await item.getByRole('button', { name: '確認する' }).click();
  await expect(item).toContainText('確認済み');
  await expect(fItem).toContainText('確認済み');
  await fContext.close();
});

/** The text of a PDF, page after page, as PDF.js reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

test('in a vertical chapter the editor draws on the page in view, and a click there picks the mark', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { editor, projectId, chapterId } = await storyboardChapter(request, '縦読みの川', {
    vertical: true,
    pageCount: 3,
  });
  const viewerUrl = `/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=2`;

  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(viewerUrl);
  await expect(page.locator('.koma-column')).toBeVisible();
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  // The column fits its width: page 2's top at the top of the view, the page below the whole stage.
  await drawMark(page, '四角', [0.2, 0.2], [0.8, 0.8], 'コマの枠線を太く');
  const list = panel.getByRole('list', { name: 'この版の赤入れ' });
  const item = markItem(list, 'コマの枠線を太く');
  await expect(item).toContainText('未対応');
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  // Opened afresh, the mark is drawn where it was made: a click on its corner picks it, a click beside it picks none.
  await page.reload();
  const picked = item.getByRole('button', { name: /コマの枠線を太く/ });
  await expect(picked).toHaveAttribute('aria-expanded', 'false');
  const box = await page.locator('.koma-marks-layer').boundingBox();
  if (!box) throw new Error('no marks layer');
  const corner = { x: box.x + box.width * (0.4 + 0.2 * 0.2), y: box.y + box.height * (0.3 + 0.2 * 0.4) };
  await page.mouse.click(corner.x, corner.y);
  await expect(picked).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.click(corner.x + 60, corner.y + 60);
  await expect(picked).toHaveAttribute('aria-expanded', 'false');
  await shot(page, 'red-pen-vertical-1366');

  // On a phone the column keeps the width; the marks wait in their sheet, over the page in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: '赤入れ' }).click();
  const sheet = page.getByRole('dialog', { name: '赤入れ' });
  await expect(markItem(sheet, 'コマの枠線を太く')).toContainText('未対応');
  await expect(page.locator('.koma-marks-layer canvas').first()).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'red-pen-vertical-390');
});

test('a thread at its reply limit closes its box and says why; a reply past the page’s characters is refused and kept', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { founder, editor, projectId, chapterId } = await storyboardChapter(request, '返信の山');
  const viewer = await apiCall(request, editor.token, contract.workflow.viewer, { projectId, chapterId });
  const first = viewer.pages[0];
  const revisionId = first?.revisions[0]?.id;
  if (!first || !revisionId) throw new Error('no storyboard revision');
  const at = { projectId, pageId: first.id, revisionId };

  // Mark A holds 49 replies of 1,000 characters: the page's threads hold 49,009 of their 50,000
  // characters (LIMITS.markRepliesMax, LIMITS.pageThreadCharsMax).
  const markA = await apiMark(request, editor, at, '台詞の位置');
  await apiMark(request, editor, at, '背景の線');
  const long = (n: number) => `${n}`.padEnd(1_000, 'あ');
  for (let n = 1; n <= 49; n++)
    await apiCall(request, (n % 2 ? founder : editor).token, contract.marks.reply, {
      projectId,
      markId: markA,
      content: long(n),
    });

  // The founder (a creator of the storyboard) sends the 50th reply: the box closes and says why.
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  const list = page
    .getByRole('complementary', { name: '赤入れ' })
    .getByRole('list', { name: 'この版の赤入れ' });
  const itemA = markItem(list, '台詞の位置');
  await itemA.getByRole('button', { name: /台詞の位置/ }).click();
  const boxA = itemA.getByRole('textbox', { name: '返信' });
  await boxA.fill('了解しました');
  await itemA.getByRole('button', { name: '返信する' }).click();
  await expect(itemA.getByRole('list', { name: '返信' }).getByRole('listitem')).toHaveCount(50);
  await expect(boxA).toBeDisabled();
  await expect(itemA.getByRole('alert')).toHaveText('1件の赤入れへの返信は50件までです');
  await expect(itemA.getByRole('button', { name: '返信する' })).toBeDisabled();
  await shot(page, 'red-pen-replies-full-1366');

  // Mark B has room for replies, the page not for 1,000 more characters: refused in the server's
  // words, the reply kept in its box; a shorter one goes through.
  const itemB = markItem(list, '背景の線');
  await itemB.getByRole('button', { name: /背景の線/ }).click();
  const boxB = itemB.getByRole('textbox', { name: '返信' });
  const tooLong = long(50);
  await boxB.fill(tooLong);
  await itemB.getByRole('button', { name: '返信する' }).click();
  await expect(itemB.getByRole('alert')).toHaveText(
    'このページの赤入れのコメントと返信は合計50,000文字までです',
  );
  await expect(boxB).toHaveValue(tooLong);
  await expect(itemB.getByRole('list', { name: '返信' }).getByRole('listitem')).toHaveCount(0);
  await boxB.fill('線を細く');
  await itemB.getByRole('button', { name: '返信する' }).click();
  await expect(itemB.getByRole('list', { name: '返信' }).getByRole('listitem')).toHaveCount(1);
  await expect(boxB).toHaveValue('');
  await expect(itemB.getByRole('alert')).toHaveCount(0);

  // The editor on a phone: the same closed box in the marks' sheet.
  const eContext = await otherContext(browser, baseURL);
  const ePage = await eContext.newPage();
  await ePage.setViewportSize({ width: 390, height: 844 });
  await logIn(ePage, editor.email);
  await expect(ePage).toHaveURL(/\/dashboard$/);
  await ePage.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  await ePage.getByRole('button', { name: '赤入れ' }).click();
  const sheet = ePage.getByRole('dialog', { name: '赤入れ' });
  const phoneA = markItem(sheet, '台詞の位置');
  await phoneA.getByRole('button', { name: /台詞の位置/ }).click();
  await expect(phoneA.getByRole('textbox', { name: '返信' })).toBeDisabled();
  await expect(phoneA.getByRole('alert')).toHaveText('1件の赤入れへの返信は50件までです');
  expect(await sidewaysScroll(ePage)).toBeLessThanOrEqual(0);
  await shot(ePage, 'red-pen-replies-full-390');
  await eContext.close();
});
