import fs from 'node:fs';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, pickOption, uniqueTag } from '../support/people.js';
import {
  apiEditorInCharge,
  chooseFile,
  closeSteps,
  confirm,
  expectTodos,
  goToTodo,
  openStepHistory,
  openSteps,
  readStoredZip,
  solidPng,
  stepRow,
  submitHandIn,
  workPageRow,
} from '../support/production.js';
import {
  apiJoin,
  apiProject,
  apiRecruit,
  COVER_PNG,
  detailsPath,
  notice,
  otherContext,
  settle,
  shownDay,
  tokyoDay,
} from '../support/projects.js';
import { shot } from '../support/screen-checks.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const PENCILS = 'メイン作画';
const BACKGROUNDS = '背景デザイン';

/** The files handed in along the way: every one has bytes of its own. */
const DRAFT = [solidPng([250, 250, 250]), solidPng([240, 240, 200])];
const PENCILS_FIRST = solidPng([200, 0, 0]);
const PENCILS_AGAIN = solidPng([180, 20, 20]);
const BACKGROUNDS_1 = solidPng([0, 0, 200]);
const PENCILS_2 = solidPng([0, 160, 0]);
const BACKGROUNDS_2 = solidPng([0, 120, 120]);

/** A storyboard page's upload button (its hidden file input carries the same name). */
function uploadButton(card: Locator, name: string): Locator {
  return card.getByRole('button', { name }).and(card.page().locator('button'));
}

/** The chapter's h1 and status tag on a chapter screen. */
async function expectChapter(page: Page, title: string, status: string): Promise<void> {
  const head = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: title }) });
  await expect(head.getByText(status, { exact: true })).toBeVisible();
}

/**
 * 作業開始 on a step: a new tab opens the step's input (a signed link to the storyboard page or
 * the previous step's file), whose bytes are `input`; the step is then 作業中.
 */
async function startStep(context: BrowserContext, dialog: Locator, task: string, input: Buffer) {
  const popup = context.waitForEvent('page');
  await stepRow(dialog, task)
    .getByRole('button', { name: `${task}の作業を開始` })
    .click();
  const tab = await popup;
  await tab.waitForURL(/\/api\/files\/.+\?exp=\d+&sig=[\w-]+$/);
  const res = await context.request.get(tab.url());
  expect(res.status()).toBe(200);
  expect(Buffer.from(await res.body()).equals(input), `the input of ${task}`).toBe(true);
  await tab.close();
  await expect(stepRow(dialog, task)).toContainText('作業中');
}

/** アップロード on a step, 提出する in the hand-in dialog: the step waits for approval. */
async function handIn(page: Page, dialog: Locator, task: string, name: string, buffer: Buffer) {
  await chooseFile(page, stepRow(dialog, task).getByRole('button', { name: 'アップロード', exact: true }), {
    name,
    buffer,
  });
  await submitHandIn(page, task);
  await expect(stepRow(dialog, task)).toContainText('承認待ち');
}

/** 承認 on a step (confirmed): it is done. */
async function approveStep(page: Page, dialog: Locator, task: string) {
  await stepRow(dialog, task)
    .getByRole('button', { name: `${task}を承認` })
    .click();
  await confirm(page, `「${task}」の作業を承認しますか？`, '承認');
  await expect(stepRow(dialog, task)).toContainText('完了');
}

test('a chapter goes from storyboard to the approved manuscript zip, every step in the browser', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(170_000);
  const tag = uniqueTag();
  const title = `星の停車場${tag}`;
  const chapterTitle = `第一話 出発${tag}`;
  const [founder, editor, artist, assistant] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);

  const editorContext = await otherContext(browser, baseURL);
  const artistContext = await otherContext(browser, baseURL);
  const assistantContext = await otherContext(browser, baseURL);
  try {
    // ── The founder adds the chapter from the 話 menu. ──
    await logIn(page, founder.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectTodos(page, {});
    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=2'));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('tab', { name: '話', exact: true })).toHaveAttribute('aria-selected', 'true');
    const chapters = page.getByRole('table', { name: '話の一覧' });
    await expect(chapters).toContainText('話はまだありません');
    await page.getByRole('button', { name: '話を追加' }).click();
    const add = page.getByRole('dialog', { name: '話を追加' });
    await expect(add).toBeVisible();
    await add.getByRole('textbox', { name: 'タイトル' }).fill(chapterTitle);
    await add.getByRole('textbox', { name: 'ページ数' }).fill('2');
    await add.getByLabel('ヘッダー画像', { exact: true }).setInputFiles({
      name: 'header.png',
      mimeType: 'image/png',
      buffer: COVER_PNG,
    });
    await expect(add.getByRole('img', { name: 'ヘッダー画像のプレビュー' })).toBeVisible();
    const scriptAt = add.getByLabel('ネーム締切');
    await scriptAt.click();
    await scriptAt.fill(tokyoDay(7));
    await scriptAt.press('Enter');
    const checkAt = add.getByLabel('校了締切');
    await checkAt.click();
    await checkAt.fill(tokyoDay(30));
    await checkAt.press('Enter');
    await expect(scriptAt).toHaveValue(shownDay(7));
    await expect(checkAt).toHaveValue(shownDay(30));
    await add.getByRole('button', { name: '追加', exact: true }).click();
    await expect(add).toBeHidden();
    const chapterRow = chapters.getByRole('row').filter({ hasText: chapterTitle });
    await expect(chapterRow).toContainText('第1話');
    await expect(chapterRow).toContainText('ネーム作成中');
    await expect(chapterRow).toContainText(shownDay(7));
    await expect(chapterRow).toContainText(shownDay(30));

    // ── Storyboard: the founder uploads both pages. ──
    await chapterRow.getByRole('button', { name: `第1話「${chapterTitle}」を開く` }).click();
    await expect(page).toHaveURL(new RegExp(`/chapter/script\\?projectId=${projectId}&chapterId=\\d+$`));
    const chapterId = Number(new URL(page.url()).searchParams.get('chapterId'));
    await expectChapter(page, chapterTitle, 'ネーム作成中');
    const grid = page.getByRole('list', { name: 'ネームのページ一覧' });
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('全 2 ページ')).toBeVisible();
    for (const num of [1, 2]) {
      const card = grid
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `${num}ページ` }) });
      await expect(card).toContainText('未アップロード');
      await chooseFile(page, uploadButton(card, `${num}ページの画像をアップロード`), {
        name: `name-${num}.png`,
        buffer: DRAFT[num - 1] as Buffer,
      });
      await expect(card).toContainText('未確認');
      await expect(card).toContainText(founder.nickname);
      await expect(uploadButton(card, `${num}ページの画像を差し替え`)).toBeVisible();
      await expect(card.getByRole('img', { name: `${num}ページのネーム` })).toBeVisible();
    }
    await settle(page);
    await expectAccessible(page, 'script screen with both pages uploaded');

    // The founder's to-do: ネームの提出 (13), which leads back to the script screen.
    await expectTodos(page, { ネームの提出: 1 });
    await goToTodo(page, 'ネームの提出', title);
    await expect(page).toHaveURL(`/chapter/script?projectId=${projectId}&chapterId=${chapterId}`);
    await page.getByRole('button', { name: '編集者へ承認提出' }).click();
    await confirm(page, '編集者へ承認提出?', '提出する');
    await expect(notice(page, '編集者へ承認を依頼しました')).toBeVisible();
    await expectChapter(page, chapterTitle, '編集者承認待ち');
    await expect(
      page.getByText('編集者の承認待ちです。承認されるか差し戻されるまでネームは編集できません。'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '1ページの画像を差し替え' })).toHaveCount(0);
    await expectTodos(page, {});

    // ── The editor passes both pages and approves the storyboard. ──
    const ePage = await editorContext.newPage();
    await logIn(ePage, editor.email);
    await expect(ePage).toHaveURL(/\/dashboard$/);
    await expectTodos(ePage, { ネームの承認依頼: 1 });
    await goToTodo(ePage, 'ネームの承認依頼', title);
    await expect(ePage).toHaveURL(`/chapter/script?projectId=${projectId}&chapterId=${chapterId}`);
    await expectChapter(ePage, chapterTitle, '編集者承認待ち');
    const eGrid = ePage.getByRole('list', { name: 'ネームのページ一覧' });
    for (const num of [1, 2]) {
      const card = eGrid
        .getByRole('listitem')
        .filter({ has: ePage.getByRole('heading', { name: `${num}ページ` }) });
      await expect(card).toContainText('未確認');
      await card.getByRole('button', { name: `${num}ページを承認` }).click();
      // Approved: the tag leaves 未確認 and 承認 is off (it is on for every other status).
      await expect(card).not.toContainText('未確認');
      await expect(card.getByRole('button', { name: `${num}ページを承認` })).toBeDisabled();
      await expect(card.getByRole('button', { name: `${num}ページを差し戻す` })).toBeEnabled();
    }
    await settle(ePage);
    await expectAccessible(ePage, 'script screen for the reviewing editor');
    // 全ページ承認 (issue 40) takes the name's approval: every page is approved here already.
    await ePage.getByRole('button', { name: '全ページ承認', exact: true }).click();
    await expect(ePage.getByRole('dialog', { name: '全ページを承認しますか？' })).toContainText(
      '全2ページ承認済みです。ネームを承認します。',
    );
    await confirm(ePage, '全ページを承認しますか？', '承認する');
    await expect(notice(ePage, 'ネームを承認しました')).toBeVisible();
    await expectChapter(ePage, chapterTitle, '作業設定待ち');
    await expectTodos(ePage, {});

    // ── The founder sets up the work flow: 作業設定 (14) → /chapter/settings. ──
    await expectTodos(page, { 作業設定: 1 });
    await goToTodo(page, '作業設定', title);
    await expect(page).toHaveURL(`/chapter/settings?projectId=${projectId}&chapterId=${chapterId}`);
    await expectChapter(page, chapterTitle, '作業設定待ち');
    const bulk = page.getByRole('region', { name: '全ページに一括設定' });
    await expect(bulk).toBeVisible();
    await expect(bulk).toContainText('全2ページにまとめて適用できます');
    await expect(page.getByRole('heading', { name: '1ページの作業' })).toBeVisible();
    await settle(page);
    await expectAccessible(page, 'settings screen with the bulk-apply panel');
    // Applying with a step that has no task is refused.
    await bulk.getByRole('button', { name: '全ページに適用' }).click();
    await expect(page.getByText('作業種類を選択してください')).toBeVisible();
    await pickOption(page, '一括設定：1番目の作業種類', PENCILS);
    await pickOption(page, '一括設定：1番目の担当者', artist.nickname);
    await bulk.getByRole('button', { name: '作業を追加' }).click();
    await pickOption(page, '一括設定：2番目の作業種類', BACKGROUNDS);
    await pickOption(page, '一括設定：2番目の担当者', assistant.nickname);
    await bulk.getByRole('button', { name: '全ページに適用' }).click();
    await expect(page.getByText('全2ページに適用しました。内容を確認して保存してください。')).toBeVisible();
    const pageList = page.getByRole('list', { name: 'ページ一覧' });
    await expect(pageList.getByRole('listitem')).toHaveCount(2);
    for (const item of await pageList.getByRole('listitem').all())
      await expect(item).toContainText('作業 2 件');
    const plan1 = page.getByRole('list', { name: '1ページの作業の順番' });
    await expect(plan1.getByRole('listitem')).toHaveCount(2);
    await expect(plan1.getByRole('listitem').first()).toContainText(PENCILS);
    await expect(plan1.getByRole('listitem').first()).toContainText(artist.nickname);
    await expect(plan1.getByRole('listitem').last()).toContainText(BACKGROUNDS);
    await expect(plan1.getByRole('listitem').last()).toContainText(assistant.nickname);
    await expect(page.getByText('2ページ変更中')).toBeVisible();
    await settle(page);
    await expectAccessible(page, 'settings screen with the plan applied');
    await page.getByRole('button', { name: '保存して制作開始' }).click();
    await expect(page).toHaveURL(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await expectChapter(page, chapterTitle, '制作中');
    await expect(page.getByText('全 2 ページ')).toBeVisible();
    for (const num of [1, 2]) {
      await expect(workPageRow(page, num)).toContainText(PENCILS);
      await expect(workPageRow(page, num)).toContainText('未着手');
      await expect(workPageRow(page, num)).toContainText(artist.nickname);
    }
    await settle(page);
    await expectAccessible(page, 'work screen in production');
    await expectTodos(page, {});

    // ── The main artist: 作業中のページ (25) → page 1 → start, hand in. ──
    const aPage = await artistContext.newPage();
    await logIn(aPage, artist.email);
    await expect(aPage).toHaveURL(/\/dashboard$/);
    // One step a page (issue 30): pages 1 and 2 both wait for her pencils.
    await expectTodos(aPage, { 作業中のページ: 2 });
    await goToTodo(aPage, '作業中のページ', title, '1ページ・');
    await expect(aPage).toHaveURL(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await expectChapter(aPage, chapterTitle, '制作中');
    let steps = await openSteps(aPage, 1);
    await expect(stepRow(steps, PENCILS)).toContainText('未着手');
    await expect(stepRow(steps, PENCILS)).toContainText('自分のタスク');
    await expect(stepRow(steps, BACKGROUNDS)).toContainText(assistant.nickname);
    await expect(
      stepRow(steps, BACKGROUNDS).getByRole('button', { name: `${BACKGROUNDS}の作業を開始` }),
    ).toHaveCount(0);
    await settle(aPage);
    await expectAccessible(aPage, 'step dialog of the assignee');
    await startStep(artistContext, steps, PENCILS, DRAFT[0] as Buffer);
    await handIn(aPage, steps, PENCILS, 'p1-pencils.png', PENCILS_FIRST);
    await expect(
      stepRow(steps, PENCILS).getByRole('button', { name: 'アップロード', exact: true }),
    ).toHaveCount(0);
    // Nobody approves their own work: the main artist's own step is for the founder to decide.
    await expect(stepRow(steps, PENCILS).getByRole('button', { name: `${PENCILS}を承認` })).toHaveCount(0);
    await expect(stepRow(steps, PENCILS).getByRole('button', { name: `${PENCILS}を差し戻す` })).toHaveCount(
      0,
    );
    // The row says who must approve it (issue 30).
    await expect(stepRow(steps, PENCILS)).toContainText(`承認: ${founder.nickname}`);
    await closeSteps(steps);
    await expect(workPageRow(aPage, 1)).toContainText('承認待ち');
    await expect(workPageRow(aPage, 1)).toContainText(`承認: ${founder.nickname}`);
    await shot(aPage, 'work-list-approver-named-1366');
    await expectTodos(aPage, { 作業中のページ: 1 });

    // ── The founder sends it back with a reason. ──
    await expectTodos(page, { 作業の承認依頼: 1 });
    await goToTodo(page, '作業の承認依頼', title);
    await expect(page).toHaveURL(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    // The one who must approve reads it as theirs, on the page's row and on the step, never 担当外.
    await expect(workPageRow(page, 1)).toContainText('あなたの承認待ち');
    let fSteps = await openSteps(page, 1);
    await expect(stepRow(fSteps, PENCILS)).toContainText('承認待ち');
    await expect(stepRow(fSteps, PENCILS)).toContainText('あなたの承認待ち');
    await expect(stepRow(fSteps, PENCILS)).not.toContainText('担当外');
    await shot(page, 'steps-awaiting-my-approval-1366');
    await settle(page);
    await expectAccessible(page, 'step dialog of an approver');
    await stepRow(fSteps, PENCILS)
      .getByRole('button', { name: `${PENCILS}を差し戻す` })
      .click();
    const sendBack = page.getByRole('dialog', { name: `差し戻し（${PENCILS}）` });
    await expect(sendBack).toBeVisible();
    await sendBack.getByRole('button', { name: '差し戻す' }).click();
    await expect(sendBack.getByText('差し戻し理由を入力してください')).toBeVisible();
    await sendBack.getByRole('textbox', { name: '差し戻し理由' }).fill('背景との境界線をもう少し太く');
    await sendBack.getByRole('button', { name: '差し戻す' }).click();
    await expect(sendBack).toBeHidden();
    await expect(stepRow(fSteps, PENCILS)).toContainText('差し戻し');
    await expect(stepRow(fSteps, PENCILS).getByRole('button', { name: `${PENCILS}を承認` })).toHaveCount(0);
    await closeSteps(fSteps);

    // ── The artist: 作業の修正依頼 (23) → reads the reason, hands in again. ──
    await expectTodos(aPage, { 作業中のページ: 1, 作業の修正依頼: 1 });
    await goToTodo(aPage, '作業の修正依頼', title);
    await expect(aPage).toHaveURL(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    // The reason stands on the page's row and at the top of its steps, where the work is.
    await expect(workPageRow(aPage, 1)).toContainText('差し戻し理由：背景との境界線をもう少し太く');
    steps = await openSteps(aPage, 1);
    await expect(stepRow(steps, PENCILS)).toContainText('差し戻し');
    const reason = steps.getByRole('alert');
    await expect(reason).toContainText(`${PENCILS}は${founder.nickname}さんが差し戻しました`);
    await expect(reason).toContainText('背景との境界線をもう少し太く');
    const history = await openStepHistory(steps, PENCILS);
    const sentBack = history.getByRole('row').filter({ hasText: '背景との境界線をもう少し太く' });
    await expect(sentBack).toContainText('差し戻し');
    await expect(sentBack).toContainText(founder.nickname);
    const handedIn = history.getByRole('row').filter({ hasText: 'p1-pencils.png' });
    await expect(handedIn).toContainText('提出');
    await expect(handedIn).toContainText(artist.nickname);
    await history.getByRole('button', { name: '閉じる' }).last().click();
    await expect(history).toBeHidden();
    await handIn(aPage, steps, PENCILS, 'p1-pencils-v2.png', PENCILS_AGAIN);
    await expect(reason).toHaveCount(0);
    await closeSteps(steps);

    // ── The founder approves; the page moves on to the backgrounds. ──
    await expectTodos(page, { 作業の承認依頼: 1 });
    await goToTodo(page, '作業の承認依頼', title);
    fSteps = await openSteps(page, 1);
    await approveStep(page, fSteps, PENCILS);
    await expect(stepRow(fSteps, BACKGROUNDS)).toContainText('未着手');
    await closeSteps(fSteps);
    await expect(workPageRow(page, 1)).toContainText(BACKGROUNDS);
    await expect(workPageRow(page, 1)).toContainText(assistant.nickname);

    // ── The assistant: 作業中のページ (25) → page 1's backgrounds, from the artist's file. ──
    const sPage = await assistantContext.newPage();
    await logIn(sPage, assistant.email);
    await expect(sPage).toHaveURL(/\/dashboard$/);
    await expectTodos(sPage, { 作業中のページ: 1 });
    await goToTodo(sPage, '作業中のページ', title);
    await expect(sPage).toHaveURL(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    let bSteps = await openSteps(sPage, 1);
    await expect(stepRow(bSteps, PENCILS)).toContainText('完了');
    await startStep(assistantContext, bSteps, BACKGROUNDS, PENCILS_AGAIN);
    await handIn(sPage, bSteps, BACKGROUNDS, 'p1-backgrounds.png', BACKGROUNDS_1);
    await closeSteps(bSteps);

    // The founder approves from the open work screen (it follows live).
    fSteps = await openSteps(page, 1);
    await approveStep(page, fSteps, BACKGROUNDS);
    await closeSteps(fSteps);
    await expect(workPageRow(page, 1)).toContainText('完了');
    await expect(workPageRow(page, 1)).toContainText('100%');

    // ── Page 2, the same way, everyone staying on the work screen (live updates). ──
    await aPage.reload();
    steps = await openSteps(aPage, 2);
    await startStep(artistContext, steps, PENCILS, DRAFT[1] as Buffer);
    await handIn(aPage, steps, PENCILS, 'p2-pencils.png', PENCILS_2);
    fSteps = await openSteps(page, 2);
    await approveStep(page, fSteps, PENCILS);
    await expect(stepRow(steps, PENCILS)).toContainText('完了'); // the artist's dialog follows
    await closeSteps(steps);
    bSteps = await openSteps(sPage, 2);
    await startStep(assistantContext, bSteps, BACKGROUNDS, PENCILS_2);
    await handIn(sPage, bSteps, BACKGROUNDS, 'p2-backgrounds.png', BACKGROUNDS_2);
    await expect(stepRow(fSteps, BACKGROUNDS)).toContainText('承認待ち'); // the founder's dialog follows
    await approveStep(page, fSteps, BACKGROUNDS);
    await closeSteps(fSteps);
    await closeSteps(bSteps);
    for (const num of [1, 2]) await expect(workPageRow(page, num)).toContainText('100%');
    await expectTodos(aPage, {});
    await expectTodos(sPage, {});

    // ── 校了申請 by the founder; the editor approves from 校了の承認依頼 (26). ──
    await expectTodos(page, {});
    await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await page.getByRole('button', { name: '校了申請' }).click();
    await confirm(page, '編集者に校了を申請しますか？', '校了申請');
    await expect(notice(page, '校了を申請しました')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '編集者承認待ち' })).toBeVisible();
    await expect(page.getByRole('button', { name: '校了申請' })).toHaveCount(0);
    await expectChapter(page, chapterTitle, '校了申請中');

    await expectTodos(ePage, { 校了の承認依頼: 1 });
    await goToTodo(ePage, '校了の承認依頼', title);
    await expect(ePage).toHaveURL(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await expect(ePage.getByRole('button', { name: '差し戻す', exact: true })).toBeVisible();
    // The editor reads that the request awaits them, not the founder's words.
    await expect(ePage.getByRole('alert').filter({ hasText: '校了の申請が届いています' })).toContainText(
      '全ページを確認し、承認するか差し戻してください。',
    );
    await expect(ePage.getByText('編集者の承認をお待ちください')).toHaveCount(0);
    await settle(ePage);
    await expectAccessible(ePage, 'work screen for the editor at the final audit');
    await ePage.getByRole('button', { name: '承認', exact: true }).click();
    await confirm(ePage, '校了を承認しますか？', '承認');
    await expect(notice(ePage, '校了を承認しました')).toBeVisible();
    await expectChapter(ePage, chapterTitle, '校了');
    await expect(ePage.getByText('編集者が校了を承認しました。この話は編集できません。')).toBeVisible();
    await expect(ePage.getByRole('button', { name: '承認', exact: true })).toHaveCount(0);
    await expectTodos(ePage, {});

    // A 校了 chapter's marks are its record: the editor's viewer says so and offers no red pen.
    await ePage.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
    const marksPanel = ePage.getByRole('complementary', { name: '赤入れ' });
    await expect(marksPanel.getByRole('alert')).toHaveText(
      '校了済みの話です。赤入れは記録として残り、追加・変更・削除はできません。',
    );
    await expect(marksPanel.getByText('この版には赤入れがありません。')).toBeVisible();
    await expect(marksPanel.getByRole('radio')).toHaveCount(0);

    // The founder's screen follows: 校了, nothing left to edit.
    await expectChapter(page, chapterTitle, '校了');
    await expect(page.getByRole('button', { name: '話の情報を編集' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '作業フロー編集' })).toHaveCount(0);

    // ── A member downloads the manuscript: per page, the file of its last step. ──
    await sPage.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await expectChapter(sPage, chapterTitle, '校了');
    const download = sPage.waitForEvent('download');
    await sPage.getByRole('button', { name: '原稿をダウンロード（ZIP）' }).click();
    const zipFile = await download;
    expect(zipFile.suggestedFilename()).toBe(`${title}_第1話_原稿.zip`);
    const entries = readStoredZip(fs.readFileSync(await zipFile.path()));
    expect([...entries.keys()]).toEqual(['p001.png', 'p002.png']);
    expect(entries.get('p001.png')?.equals(BACKGROUNDS_1), 'p001.png is the backgrounds of page 1').toBe(
      true,
    );
    expect(entries.get('p002.png')?.equals(BACKGROUNDS_2), 'p002.png is the backgrounds of page 2').toBe(
      true,
    );

    // The 話 list shows the chapter as 校了.
    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=2'));
    await expect(
      page.getByRole('table', { name: '話の一覧' }).getByRole('row').filter({ hasText: chapterTitle }),
    ).toContainText('校了');
  } finally {
    await editorContext.close();
    await artistContext.close();
    await assistantContext.close();
  }
});
