import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, sideLink, uniqueTag } from '../support/people.js';
import {
  COVER_PNG,
  fact,
  fieldError,
  formErrors,
  listSection,
  notice,
  renderedText,
  settle,
  TINY_PDF,
} from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const toConfirm = (page: Page) => page.getByRole('button', { name: '確認画面', exact: true });

/** Every check of 確認画面 in the spec's order: the field's label and its message. */
const CHECKS: [label: string, message: string][] = [
  ['表紙', '表紙をアップロードしてください'],
  ['漫画タイトル', '漫画タイトルを入力してください'],
  ['漫画タイプ', '漫画タイプを選択してください'],
  ['制作種類', '制作種類を選択してください'],
  ['創作／エッセイ', '創作/エッセイを選択してください'],
  ['カテゴリ', 'カテゴリを選択してください'],
  ['漫画の概要', '漫画の概要を入力してください'],
];

/**
 * Presses 確認画面 and expects the message of every field from `label` on in the spec's order,
 * all at once and nothing else.
 */
async function expectProblemsFrom(page: Page, label: string) {
  const failing = CHECKS.slice(CHECKS.findIndex(([l]) => l === label));
  await toConfirm(page).click();
  for (const [field, message] of failing) await expect(fieldError(page, field)).toHaveText(message);
  await expect(formErrors(page)).toHaveCount(failing.length);
  await expect(page).toHaveURL(/\/projectManagement\/createProject$/);
}

test('a creator creates a project through the form, checks it on 確認画面, saves and edits it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const title = `星の図書館${tag}`;
  const renamed = `星の図書館・改${tag}`;
  const summary = '一行目は <b>太字</b> ではありません\n二行目  空白もそのまま';
  const founder = await apiPerson(request, 'creator', { welcomeClosed: true });

  // The cover is never downloaded to be shown: the form and 確認画面 show the chosen file, the edit
  // form and the details its renditions (issue 13).
  const originals: string[] = [];
  page.on('request', (req) => {
    const { pathname, searchParams } = new URL(req.url());
    // An avatar's ?w= is its server-made thumbnail, not the original.
    if (/^\/api\/files\/.+\.(png|jpe?g|gif|webp)$/.test(pathname) && !searchParams.has('w'))
      originals.push(pathname);
  });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await sideLink(page, 'プロジェクト管理').click();
  await expect(page.getByRole('heading', { level: 1, name: 'プロジェクト管理' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'マイプロジェクト' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '参加したプロジェクト' })).toBeVisible();
  await expect(listSection(page, '連載中')).toContainText('データがありません');
  await settle(page);
  await expectAccessible(page, 'empty project list');

  await page.getByRole('button', { name: 'プロジェクト作成' }).click();
  await expect(page).toHaveURL(/\/projectManagement\/createProject$/);
  await expect(page.getByRole('heading', { level: 1, name: 'プロジェクト作成' })).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'empty project form');

  // An empty form: every field's message at once; each fix leaves the rest, in the spec's order.
  await expectProblemsFrom(page, '表紙');
  await settle(page);
  await expectAccessible(page, 'project form with a message');

  // A slow upload shows its bar with the words of what it measures.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    `**${contract.uploads.upload.path}`,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByLabel('表紙', { exact: true }).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: COVER_PNG,
  });
  await expect(page.getByRole('progressbar', { name: 'アップロードの進捗' })).toContainText(
    /アップロード中 \d+%/,
  );
  release();
  await expect(page.getByRole('img', { name: '表紙のプレビュー' })).toBeVisible();
  await expect(page.getByRole('button', { name: '画像を変更' })).toBeVisible();
  await expectProblemsFrom(page, '漫画タイトル');
  // The first failing field in the spec's order takes the focus.
  await expect(page.getByRole('textbox', { name: '漫画タイトル' })).toBeFocused();

  await page.getByRole('textbox', { name: '漫画タイトル' }).fill(title);
  await expectProblemsFrom(page, '漫画タイプ');

  await page.getByRole('radiogroup', { name: '漫画タイプ' }).getByRole('radio', { name: '連載' }).check();
  await expectProblemsFrom(page, '制作種類');

  await page.getByRole('radiogroup', { name: '制作種類' }).getByRole('radio', { name: '自主制作' }).check();
  await expectProblemsFrom(page, '創作／エッセイ');

  await page.getByRole('checkbox', { name: '創作' }).check();
  await page.getByRole('checkbox', { name: 'エッセイ' }).check();
  await expectProblemsFrom(page, 'カテゴリ');

  // The genre dialog: toggles, and an empty choice is refused.
  await page.getByRole('button', { name: 'カテゴリを選択', exact: true }).click();
  const genres = page.getByRole('dialog', { name: 'カテゴリを選択してください' });
  await expect(genres).toBeVisible();
  await genres.getByRole('button', { name: '決定' }).click();
  await expect(genres.getByText('少なくとも一つ選択してください')).toBeVisible();
  await expect(genres).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'genre dialog with its message');
  const fantasy = genres.getByRole('button', { name: 'ファンタジー', exact: true });
  const mystery = genres.getByRole('button', { name: 'ミステリー', exact: true });
  const horror = genres.getByRole('button', { name: 'ホラー', exact: true });
  await expect(fantasy).toHaveAttribute('aria-pressed', 'false');
  await fantasy.click();
  await expect(fantasy).toHaveAttribute('aria-pressed', 'true');
  await expect(genres.getByText('少なくとも一つ選択してください')).toBeHidden();
  await horror.click();
  await horror.click();
  await expect(horror).toHaveAttribute('aria-pressed', 'false');
  await mystery.click();
  await settle(page);
  await expectAccessible(page, 'genre dialog with a choice');
  await genres.getByRole('button', { name: '決定' }).click();
  await expect(genres).toBeHidden();
  const genreGroup = page.getByRole('group', { name: 'カテゴリ' });
  await expect(genreGroup).toContainText('ファンタジー');
  await expect(genreGroup).toContainText('ミステリー');
  await expect(genreGroup).not.toContainText('ホラー');
  await expectProblemsFrom(page, '漫画の概要');

  // The optional proposal file, then the summary (two lines).
  await page.getByLabel('企画書', { exact: true }).setInputFiles({
    name: '企画書.pdf',
    mimeType: 'application/pdf',
    buffer: TINY_PDF,
  });
  await expect(page.getByText('企画書.pdf', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '企画書を削除' })).toBeVisible();
  await page.getByRole('textbox', { name: '漫画の概要' }).fill(summary);
  await settle(page);
  await expectAccessible(page, 'filled project form');
  await toConfirm(page).click();

  // 確認画面: every value, the summary as plain text with its line break.
  await expect(page).toHaveURL(/\/allPage\/allPage\?params=/);
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  await expect(page.getByRole('img', { name: `「${title}」の表紙` })).toBeVisible();
  await expect(fact(page, '漫画タイトル')).toHaveText(title);
  await expect(fact(page, '漫画タイプ')).toHaveText('連載');
  await expect(fact(page, '制作種類')).toHaveText('自主制作');
  await expect(fact(page, 'カテゴリ')).toContainText('ファンタジー');
  await expect(fact(page, 'カテゴリ')).toContainText('ミステリー');
  await expect(fact(page, 'カテゴリ')).not.toContainText('ホラー');
  await expect(fact(page, '創作／エッセイ')).toContainText('創作');
  await expect(fact(page, '創作／エッセイ')).toContainText('エッセイ');
  await expect(fact(page, '企画書')).toHaveText(/企画書\.pdf/);
  const shown = fact(page, '漫画の概要');
  await expect(shown).toHaveText(summary.replace('  ', ' ')); // toHaveText collapses spaces
  expect(await renderedText(shown)).toBe(summary);
  expect(await shown.innerHTML()).not.toMatch(/<br|&nbsp;|<b>/);
  await settle(page);
  await expectAccessible(page, '確認画面');

  // 戻る keeps every value.
  await page.getByRole('button', { name: '戻る' }).click();
  await expect(page).toHaveURL(/\/projectManagement\/createProject$/);
  await expect(page.getByRole('img', { name: '表紙のプレビュー' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '漫画タイトル' })).toHaveValue(title);
  await expect(page.getByRole('radio', { name: '連載' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '自主制作' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '創作' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'エッセイ' })).toBeChecked();
  await expect(genreGroup).toContainText('ファンタジー');
  await expect(genreGroup).toContainText('ミステリー');
  await expect(page.getByText('企画書.pdf', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '漫画の概要' })).toHaveValue(summary);
  await expect(formErrors(page)).toHaveCount(0);

  // 確定 saves and returns to the list, where 連載中 shows the card.
  await toConfirm(page).click();
  await expect(page).toHaveURL(/\/allPage\/allPage/);
  await page.getByRole('button', { name: '確定' }).click();
  await expect(notice(page, '保存しました')).toBeVisible();
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement$/);
  const ongoing = listSection(page, '連載中');
  await expect(ongoing.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(ongoing.getByRole('listitem')).toHaveCount(1);
  await expect(listSection(page, '完成した')).toContainText('データがありません');
  await settle(page);
  await expectAccessible(page, 'project list with a project');

  // 変更: the form comes back filled from the stored project; a new title is saved.
  await ongoing.getByRole('button', { name: `「${title}」を変更` }).click();
  await expect(page).toHaveURL(/\/projectManagement\/createProject\?proId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'プロジェクト編集' })).toBeVisible();
  const titleBox = page.getByRole('textbox', { name: '漫画タイトル' });
  await expect(titleBox).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: '漫画の概要' })).toHaveValue(summary.trim());
  await expect(page.getByRole('radio', { name: '連載' })).toBeChecked();
  await expect(genreGroup).toContainText('ミステリー');
  await settle(page);
  await expectAccessible(page, 'project edit form');
  await titleBox.fill(renamed);
  await toConfirm(page).click();
  await expect(fact(page, '漫画タイトル')).toHaveText(renamed);
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement$/);
  await expect(ongoing.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(ongoing.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  await expect(ongoing.getByRole('listitem')).toHaveCount(1);

  // The keyword search of the list finds it (and a miss shows nothing).
  const keyword = page.getByRole('tabpanel').getByRole('textbox', { name: 'キーワード' });
  await keyword.fill(`該当なし${tag}`);
  await page.getByRole('tabpanel').getByRole('button', { name: '検索', exact: true }).click();
  await expect(ongoing).toContainText('データがありません');
  await keyword.fill(tag);
  await page.getByRole('tabpanel').getByRole('button', { name: '検索', exact: true }).click();
  await expect(ongoing.getByRole('link', { name: renamed, exact: true })).toBeVisible();

  // The details show the saved project.
  await ongoing.getByRole('link', { name: renamed, exact: true }).click();
  await expect(page).toHaveURL(/\/projectDetails\/projectDetails\?proId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('img', { name: `「${renamed}」の表紙` })).toHaveAttribute(
    'src',
    /\/api\/renditions\/.+\/preview\.webp$/,
  );
  expect(originals, 'originals fetched to be shown').toEqual([]);
  await expect(page.getByRole('tab', { name: 'プロジェクト詳細' })).toHaveAttribute('aria-selected', 'true');
  await expect(fact(page, '漫画タイトル')).toHaveText(renamed);
  await expect(fact(page, '作成者')).toHaveText(founder.nickname);
  await expect(fact(page, '漫画タイプ')).toHaveText('連載');
  await expect(fact(page, '制作種類')).toHaveText('自主制作');
  await expect(fact(page, 'カテゴリ')).toContainText('ファンタジー');
  await expect(fact(page, 'カテゴリ')).toContainText('ミステリー');
  expect(await renderedText(fact(page, '漫画の概要'))).toBe(summary);
  await expect(page.getByRole('link', { name: '企画書「企画書.pdf」をダウンロード' })).toBeVisible();
  // The uploaded cover is shown (not a broken picture).
  const cover = page.getByRole('img', { name: `「${renamed}」の表紙` });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await expect(fact(page, '担当編集者')).toHaveText('未定');
  await expect(
    page.getByRole('region', { name: 'メンバー' }).getByRole('button', {
      name: `${founder.nickname} さんのプロフィールを表示`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '伝言板' })).toBeVisible();
  await expect(page.getByRole('button', { name: '募集する' })).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'project details');

  // Marked completed, it moves to 完成した, where it has no 変更.
  await page.getByRole('button', { name: 'プロジェクトを完成にする' }).click();
  const complete = page.getByRole('dialog').filter({ hasText: 'このプロジェクトを完成にしますか？' });
  await expect(complete).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'complete project confirmation');
  await complete.getByRole('button', { name: 'プロジェクトを完成にする' }).click();
  await expect(notice(page, 'プロジェクトを完成にしました')).toBeVisible();
  await expect(fact(page, '状態')).toHaveText('完成');
  await expect(page.getByRole('button', { name: 'プロジェクトを完成にする' })).toHaveCount(0);
  await page.getByRole('link', { name: 'プロジェクト管理へ' }).click();
  await expect(listSection(page, '連載中')).toContainText('データがありません');
  const completed = listSection(page, '完成した');
  await expect(completed.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(completed.getByRole('button', { name: /を変更$/ })).toHaveCount(0);
});
