import { type APIRequestContext, type Dialog, expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiPerson, type Person, sideLink, uniqueTag } from '../support/people.js';
import {
  apiEditorInCharge,
  chooseFile,
  openSteps,
  solidPng,
  stepRow,
  submitHandIn,
} from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, detailsPath } from '../support/projects.js';
import { apiChapterInProduction } from '../support/workflow.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

/** The question asked before typed work is thrown away (its title). */
const UNSAVED = '保存していない変更があります';

function unsavedDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: UNSAVED });
}

/** Answers the unsaved-changes question with `answer` and waits for it to close. */
async function answer(page: Page, choice: '編集を続ける' | '破棄して移動' | '破棄して閉じる') {
  const dialog = unsavedDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Closing the tab asks first (`beforeunload`); the question is dismissed, so the page stays.
 * Returns whether the browser asked.
 */
async function closingAsks(page: Page): Promise<boolean> {
  let asked = false;
  const onDialog = (dialog: Dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.close({ runBeforeUnload: true });
  // The page either closes (nothing asked) or stays after the dismissed question.
  await expect.poll(() => asked || page.isClosed(), { timeout: 5_000 }).toBe(true);
  page.off('dialog', onDialog);
  return asked;
}

test('leaving the profile form with unsaved changes asks first; saving does not', async ({
  page,
  request,
}) => {
  const person = await apiPerson(request, 'creator', { profile: {}, welcomeClosed: true });
  await logIn(page, person.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Unchanged: the form is left without a question.
  await sideLink(page, 'プロフィール').click();
  const intro = page.getByLabel('自己PR', { exact: true });
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(person.nickname);
  await sideLink(page, 'トップ').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(unsavedDialog(page)).toHaveCount(0);

  // Changed: the menu asks; 編集を続ける keeps the screen and what was typed.
  await sideLink(page, 'プロフィール').click();
  await intro.fill('背景が得意です');
  await sideLink(page, 'トップ').click();
  await answer(page, '編集を続ける');
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expect(intro).toHaveValue('背景が得意です');

  // Back asks too, and closing the tab makes the browser ask.
  await page.goBack();
  await answer(page, '編集を続ける');
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  expect(await closingAsks(page), 'closing the tab with unsaved changes').toBe(true);
  await expect(intro).toHaveValue('背景が得意です');

  // 破棄して移動 leaves, and the changes are gone.
  await sideLink(page, 'トップ').click();
  await answer(page, '破棄して移動');
  await expect(page).toHaveURL(/\/dashboard$/);
  await sideLink(page, 'プロフィール').click();
  await expect(intro).toHaveValue('');

  // 確認 and 確定 save without a question, and nothing asks afterwards.
  await intro.fill('背景が得意です');
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(unsavedDialog(page)).toHaveCount(0);
  await sideLink(page, 'プロフィール').click();
  await expect(intro).toHaveValue('背景が得意です');
  await sideLink(page, 'トップ').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(unsavedDialog(page)).toHaveCount(0);
});

test('the profile draft never travels in the address, and the confirmation survives a reload', async ({
  page,
  request,
}) => {
  const person = await apiPerson(request, 'creator', { profile: {}, welcomeClosed: true });
  const intro = `連絡先 ${person.email}`;
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await logIn(page, person.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await sideLink(page, 'プロフィール').click();
  await page.getByLabel('自己PR', { exact: true }).fill(intro);
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  await expect(page).toHaveURL(/\/personalInfo\/personalPage$/);
  await expect(page.getByText(intro)).toBeVisible();

  // A reload shows the same values; the address never carried them.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  await expect(page.getByText(intro)).toBeVisible();
  const history = await page.evaluate(() => window.location.href);
  for (const url of [...requested, history, page.url()]) {
    expect(decodeURIComponent(url), url).not.toContain(person.email);
    expect(decodeURIComponent(url), url).not.toContain('連絡先');
  }

  // 戻る brings the values back to the form; 確定 saves.
  await page.getByRole('button', { name: '戻る' }).click();
  await expect(page.getByLabel('自己PR', { exact: true })).toHaveValue(intro);
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Once saved, the confirmation has nothing to show: it opens the form (with the saved values).
  await page.goto('/personalInfo/personalPage');
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expect(page.getByLabel('自己PR', { exact: true })).toHaveValue(intro);
});

test('project creation, the chapter dialog and the board ask before typed text is thrown away', async ({
  page,
  request,
}) => {
  const founder = await apiPerson(request, 'creator', { welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `月の庭${uniqueTag()}` });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/projectManagement/createProject');
  const title = page.getByLabel('漫画タイトル', { exact: true });
  await title.fill('星の停車場');
  await page.getByRole('button', { name: '戻る' }).click();
  await answer(page, '編集を続ける');
  await expect(page).toHaveURL(/\/projectManagement\/createProject$/);
  await expect(title).toHaveValue('星の停車場');
  expect(await closingAsks(page), 'closing the tab with unsaved changes').toBe(true);
  await page.getByRole('button', { name: '戻る' }).click();
  await answer(page, '破棄して移動');
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement$/);

  // 話を追加 with a typed title: Esc asks, 編集を続ける keeps it, 破棄して閉じる closes.
  await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=2'));
  await page.getByRole('button', { name: '話を追加' }).click();
  const add = page.getByRole('dialog', { name: '話を追加' });
  await add.getByRole('textbox', { name: 'タイトル' }).fill('第一話 出発');
  await page.keyboard.press('Escape');
  await answer(page, '編集を続ける');
  await expect(add.getByRole('textbox', { name: 'タイトル' })).toHaveValue('第一話 出発');
  await add.getByRole('button', { name: 'キャンセル' }).click();
  await answer(page, '破棄して閉じる');
  await expect(add).toBeHidden();
  // Nothing typed: it closes at once.
  await page.getByRole('button', { name: '話を追加' }).click();
  await expect(add).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();
  await expect(unsavedDialog(page)).toHaveCount(0);

  // The board: a message not yet sent is asked about; once sent, the board closes at once.
  await page.getByRole('button', { name: '伝言板' }).click();
  const board = page.getByRole('dialog', { name: '伝言板' });
  const message = board.getByRole('textbox', { name: 'メッセージ' });
  await message.fill('木曜に打ち合わせ');
  await page.keyboard.press('Escape');
  await answer(page, '編集を続ける');
  await expect(message).toHaveValue('木曜に打ち合わせ');
  await board.getByRole('button', { name: '送信' }).click();
  await expect(message).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(board).toBeHidden();
  await expect(unsavedDialog(page)).toHaveCount(0);
});

/** A chapter in production whose one page has one step (メイン作画) for `artist`. */
async function stepForArtist(request: APIRequestContext, founder: Person, editor: Person, artist: Person) {
  const projectId = await apiProject(request, founder, { title: `夜の駅${uniqueTag()}` });
  await apiRecruit(request, founder, projectId, [2]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId } = await apiChapterInProduction(request, { founder, editor }, projectId, '第1話', [
    { posId: 2, owner: artist },
  ]);
  return { projectId, chapterId };
}

test('in the step dialog the focus stays on the next action after 作業開始 and after an upload', async ({
  page,
  context,
  request,
}) => {
  const [founder, editor, artist] = await Promise.all([
    apiPerson(request, 'creator', { welcomeClosed: true }),
    apiPerson(request, 'editor', { welcomeClosed: true }),
    apiPerson(request, 'creator', { welcomeClosed: true }),
  ]);
  const { projectId, chapterId } = await stepForArtist(request, founder, editor, artist);
  await logIn(page, artist.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
  const steps = await openSteps(page, 1);
  const row = stepRow(steps, 'メイン作画');

  // From here on, note every moment the focus sits on the page body.
  await page.evaluate(() => {
    const w = window as unknown as { bodyFocus: number };
    w.bodyFocus = 0;
    const check = () => {
      if (document.activeElement === document.body || document.activeElement === null) w.bodyFocus += 1;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const bodyFocus = () => page.evaluate(() => (window as unknown as { bodyFocus: number }).bodyFocus);

  const popup = context.waitForEvent('page');
  await row.getByRole('button', { name: 'メイン作画の作業を開始' }).click();
  await (await popup).close();
  await expect(row).toContainText('作業中');
  const upload = row.getByRole('button', { name: 'アップロード', exact: true });
  await expect(upload, 'after 作業開始 the upload has the focus').toBeFocused();

  await chooseFile(page, upload, { name: 'pencils.png', buffer: solidPng([200, 0, 0]) });
  await submitHandIn(page, 'メイン作画');
  await expect(row).toContainText('承認待ち');
  await expect(upload).toHaveCount(0);
  await expect(
    row.locator(':focus'),
    'after the upload the handed-in file (or the step menu) has the focus',
  ).toHaveCount(1);
  expect(await bodyFocus(), 'frames with the focus on the page body').toBe(0);
});
