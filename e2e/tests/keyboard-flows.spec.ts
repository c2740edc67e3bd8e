import { expect, type Page, test } from '@playwright/test';
import { expectVisibleFocus, tabTo } from '../support/focus.js';
import { apiPerson, sideLink, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, handInDialog, solidPng, stepDialog, stepRow } from '../support/production.js';
import {
  apiJoin,
  apiProject,
  apiRecruit,
  COVER_PNG,
  notice,
  otherContext,
  shownDay,
} from '../support/projects.js';
import { apiChapterInProduction } from '../support/workflow.js';

/**
 * The keyboard-only walks of issue 18 (Done when): login, project creation, recruitment, applying
 * and a step hand-in, with nothing but keys (files are chosen in the file dialog the keys open).
 * Every Tab stop shows a focus outline of 3:1, and focus never falls to the page body.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo', viewport: { width: 1366, height: 900 } });

const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

async function keyboardLogIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('manga-2025');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainHeading(page)).toBeFocused();
}

/** Presses Enter on the focused control that opens the file dialog, and picks `file` in it. */
async function chooseByKeyboard(page: Page, file: { name: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ mimeType: 'image/png', ...file });
}

test('a founder creates a project and opens a recruitment with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const title = `鍵盤の街${tag}`;
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  await keyboardLogIn(page, founder.email);

  // The menu is before the screen: Shift+Tab back to プロジェクト管理, then on to プロジェクト作成.
  await tabTo(page, sideLink(page, 'プロジェクト管理'), { back: true });
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toHaveText('プロジェクト管理');
  await expect(mainHeading(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'プロジェクト作成' }));
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toHaveText('プロジェクト作成');
  await expect(mainHeading(page)).toBeFocused();

  // The form, field by field in its order.
  await tabTo(page, page.getByRole('button', { name: '画像を選択' }));
  await chooseByKeyboard(page, { name: 'cover.png', buffer: COVER_PNG });
  await expect(page.getByRole('img', { name: '表紙のプレビュー' })).toBeVisible();
  await expectVisibleFocus(page);
  await tabTo(page, page.getByRole('textbox', { name: '漫画タイトル' }));
  await page.keyboard.type(title);
  // A radio group is one Tab stop: Space picks the first choice, the arrows the next.
  const kind = page.getByRole('radiogroup', { name: '漫画タイプ' });
  await tabTo(page, kind);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(kind.getByRole('radio', { checked: true })).toHaveCount(1);
  const making = page.getByRole('radiogroup', { name: '制作種類' });
  await tabTo(page, making);
  await page.keyboard.press('Space');
  await expect(making.getByRole('radio', { checked: true })).toHaveCount(1);
  await tabTo(page, page.getByRole('checkbox', { name: '創作' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: '創作' })).toBeChecked();

  // The genre dialog: focus goes into it, and back to its button when it closes.
  const openGenres = page.getByRole('button', { name: 'カテゴリを選択', exact: true });
  await tabTo(page, openGenres);
  await page.keyboard.press('Enter');
  const genres = page.getByRole('dialog', { name: 'カテゴリを選択してください' });
  await expect(genres).toBeVisible();
  await tabTo(page, genres.getByRole('button', { name: 'ファンタジー', exact: true }));
  await page.keyboard.press('Enter');
  await expect(genres.getByRole('button', { name: 'ファンタジー', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await tabTo(page, genres.getByRole('button', { name: '決定' }));
  await page.keyboard.press('Enter');
  await expect(genres).toBeHidden();
  await expect(openGenres).toBeFocused();

  await tabTo(page, page.getByRole('textbox', { name: '漫画の概要' }));
  await page.keyboard.type('海辺の町の物語');
  await tabTo(page, page.getByRole('button', { name: '確認画面', exact: true }));
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toHaveText('確認画面');
  await expect(mainHeading(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: '確定' }));
  await page.keyboard.press('Enter');
  await expect(notice(page, '保存しました')).toBeVisible();
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement$/);

  // Into the new project, and a recruitment of one main artist for two weeks.
  await tabTo(page, page.getByRole('link', { name: title, exact: true }));
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toHaveText(title);
  await tabTo(page, page.getByRole('button', { name: '募集する' }));
  await page.keyboard.press('Enter');
  const recruit = page.getByRole('dialog', { name: '募集する' });
  await expect(recruit).toBeVisible();
  await tabTo(page, recruit.getByPlaceholder('開始日'));
  await page.keyboard.type(shownDay(0));
  await page.keyboard.press('Tab');
  await expect(recruit.getByPlaceholder('終了日')).toBeFocused();
  await page.keyboard.type(shownDay(14));
  await tabTo(page, recruit.getByRole('spinbutton', { name: 'メイン作画' }));
  await page.keyboard.type('1');
  await tabTo(page, recruit.getByRole('button', { name: '募集を開始' }));
  await page.keyboard.press('Enter');
  await expect(notice(page, '募集を開始しました')).toBeVisible();
  await expect(recruit).toBeHidden();
  await expectVisibleFocus(page);
});

test('a creator applies and an assistant hands in a step with the keyboard alone', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const title = `鍵盤の港${tag}`;
  const [founder, editor, hopeful, assistant] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `志望${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId } = await apiChapterInProduction(request, { founder, editor }, projectId, `第1話${tag}`, [
    { posId: 5, owner: assistant },
  ]);

  // Applying: プロジェクト検索, the keyword, the project's details, 募集情報, 応募する, 送信.
  await keyboardLogIn(page, hopeful.email);
  await tabTo(page, sideLink(page, 'プロジェクト検索'), { back: true });
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: 'キーワード' }));
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  const card = page
    .getByRole('region', { name: '検索結果' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(card).toBeVisible();
  await tabTo(page, card.getByRole('button', { name: `「${title}」の詳細を表示` }));
  await page.keyboard.press('Enter');
  const info = page.getByRole('dialog', { name: title });
  await expect(info).toBeVisible();
  await tabTo(page, info.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(info.getByRole('tab', { name: '募集情報' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, info.getByRole('button', { name: '応募する' }));
  await page.keyboard.press('Enter');
  const apply = page.getByRole('dialog', { name: '応募する' });
  await expect(apply).toBeVisible();
  await tabTo(page, apply.getByRole('button', { name: '送信' }));
  await page.keyboard.press('Enter');
  await expect(notice(page, '応募しました')).toBeVisible();
  await expect(apply).toBeHidden();
  await expectVisibleFocus(page);

  // The assistant's step: the work screen, the page's steps, 作業開始, then the file handed in.
  const context = await otherContext(browser, baseURL);
  try {
    const aPage = await context.newPage();
    await keyboardLogIn(aPage, assistant.email);
    await aPage.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    const open = aPage.getByRole('button', { name: '1ページの作業工程を開く' });
    await expect(open).toBeVisible();
    await tabTo(aPage, open);
    await aPage.keyboard.press('Enter');
    const steps = stepDialog(aPage, 1);
    await expect(steps).toBeVisible();
    const task = '背景デザイン';
    const row = stepRow(steps, task);
    const popup = context.waitForEvent('page');
    await tabTo(aPage, row.getByRole('button', { name: `${task}の作業を開始` }));
    await aPage.keyboard.press('Enter');
    await (await popup).close();
    await expect(row).toContainText('作業中');
    await expectVisibleFocus(aPage);
    await tabTo(aPage, row.getByRole('button', { name: 'アップロード', exact: true }));
    await chooseByKeyboard(aPage, { name: 'p1-backgrounds.png', buffer: solidPng([90, 90, 90]) });
    // The hand-in dialog shows the file first; 提出する is reached by Tab and pressed by Enter.
    const handIn = handInDialog(aPage, task);
    await expect(handIn).toContainText('p1-backgrounds.png');
    await tabTo(aPage, handIn.getByRole('button', { name: '提出する' }));
    await aPage.keyboard.press('Enter');
    await expect(handIn).toBeHidden();
    await expect(row).toContainText('承認待ち');
    await expectVisibleFocus(aPage);
  } finally {
    await context.close();
  }
});
