import { MESSAGES } from '@koma/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { closeWelcome, confirmedUser, logIn } from '../support/accounts.js';
import { sideLink, TINY_PNG, toast, uniqueTag } from '../support/people.js';

const ja = MESSAGES.ja;

test.use({ reducedMotion: 'reduce' });

/** A checkbox or radio inside the group named by a field label. */
const choice = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: group }).getByRole('checkbox', { name, exact: true });
const radio = (page: Page, group: string, name: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The row of the confirmation screen that lists a field. */
const row = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('tr')
    .filter({ has: page.locator('th').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });

test('a creator fills in the whole profile, checks it on the confirmation screen and saves it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await confirmedUser(request);
  const nickname = `描き手${uniqueTag()}`;
  const selfPr = '背景とアクションが得意です。';
  const theme = '宇宙を舞台にした群像劇';
  const award = '第10回 Koma 新人賞 佳作';
  const url = 'https://example.com/portfolio';
  const work = '星の庭';

  await logIn(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWelcome(page);
  await sideLink(page, 'プロフィール').click();
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
  // The values of the sign-up are already there.
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(user.nickname);
  await expect(choice(page, '希望する工程', 'メイン作画')).toBeChecked();
  await expect(choice(page, '作画方法', 'デジタル')).toBeChecked();
  await expect(page.getByText('制作実績はまだ登録されていません。')).toBeVisible();
  await expectAccessible(page, 'profile form');

  // Avatar: a real PNG, uploaded and shown as an 80x80 thumbnail.
  await page.getByLabel('アバター', { exact: true }).setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  const preview = page.getByRole('img', { name: 'アバターのプレビュー' });
  await expect(preview).toHaveAttribute('src', /\/api\/files\/.*[?&]w=80/);
  await expect(page.getByRole('button', { name: '画像を変更' }).first()).toBeVisible();

  await page.getByLabel('ニックネーム', { exact: true }).fill(nickname);
  await choice(page, '希望する工程', 'ネーム').check();
  await choice(page, '媒体', 'マンガアプリ').check();
  await choice(page, 'ジャンル', '恋愛').check();
  await choice(page, '作画方法', 'アナログ').check();
  await choice(page, '漫画経験', 'アシスタント経験あり').check();
  await radio(page, '広告漫画の依頼', '受ける').check();
  await radio(page, '海外での出版', '希望する').check();

  // Too long a self-PR and a bad URL are refused on the spot.
  const pr = page.getByLabel('自己PR', { exact: true });
  await pr.fill('あ'.repeat(61));
  await expect(page.getByText(ja.textTooLong, { exact: true })).toBeVisible();
  const portfolio = page.getByLabel('ポートフォリオ（URL）', { exact: true });
  await portfolio.fill('not a url');
  await expect(page.getByText(ja.urlInvalid, { exact: true })).toBeVisible();
  await expectAccessible(page, 'profile form with errors');
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page.getByText(ja.checkRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await pr.fill(selfPr);
  await expect(page.getByText(ja.textTooLong, { exact: true })).toBeHidden();
  await portfolio.fill(url);
  await expect(page.getByText(ja.urlInvalid, { exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'テーマを追加' }).click();
  await page.getByLabel('興味のあるテーマ 1', { exact: true }).fill(theme);
  await page.getByRole('button', { name: '受賞歴を追加' }).click();
  await page.getByRole('button', { name: '受賞歴を追加' }).click();
  await page.getByLabel('受賞歴 1', { exact: true }).fill(award);
  await expect(page.getByLabel('受賞歴 2', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: '制作実績を追加' }).click();
  await expect(page.getByRole('heading', { name: '制作実績 1' })).toBeVisible();
  await radio(page, '制作区分', '自主制作').check();
  await radio(page, 'レイアウト', '見開き').check();
  await radio(page, 'カラー', '白黒').check();
  await radio(page, '掲載形式', '連載').check();
  await page.getByLabel('作品名', { exact: true }).fill(work);
  await page.getByLabel('ページ数', { exact: true }).fill('24');
  await page.getByLabel('説明', { exact: true }).fill('同人誌即売会で頒布した短編');
  await expectAccessible(page, 'profile form filled in');

  // 確認: every value listed, the empty award dropped.
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page).toHaveURL(/\/personalInfo\/personalPage$/);
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  const checkConfirmation = async () => {
    await expect(page.getByRole('img', { name: 'アバターのプレビュー' })).toHaveAttribute(
      'src',
      /\/api\/files\/.*[?&]w=80/,
    );
    const expected: [string, string][] = [
      ['登録属性', 'クリエイター（漫画家・原作者）'],
      ['希望する工程', 'メイン作画、ネーム'],
      ['媒体', 'Webマンガ、マンガアプリ'],
      ['ジャンル', 'ファンタジー、恋愛'],
      ['ニックネーム', nickname],
      ['創作／エッセイ', '創作'],
      ['作画方法', 'アナログ、デジタル'],
      ['漫画経験', 'アシスタント経験あり'],
      ['広告漫画の依頼', '受ける'],
      ['海外での出版', '希望する'],
      ['自己PR', selfPr],
      ['興味のあるテーマ', theme],
      ['受賞歴', award],
      ['ポートフォリオ（URL）', url],
      ['制作実績', work],
    ];
    for (const [label, value] of expected) {
      await expect(row(page, label), label).toContainText(value);
    }
    // Creators have no editorial affiliation.
    await expect(row(page, '編集部の所属')).toHaveCount(0);
    // One award only: the empty one is gone.
    await expect(row(page, '受賞歴').getByRole('listitem')).toHaveCount(1);
    await expect(row(page, 'ポートフォリオ（URL）').getByRole('link', { name: url })).toHaveAttribute(
      'href',
      url,
    );
  };
  await checkConfirmation();
  await expectAccessible(page, 'profile confirmation');

  // The achievement's details open from its work name.
  await row(page, '制作実績').getByRole('button', { name: work }).click();
  const popover = page.locator('.ant-popover').filter({ hasText: '同人誌即売会で頒布した短編' });
  await expect(popover).toBeVisible();
  for (const text of ['自主制作', '見開き', '白黒', '連載', '24ページ']) {
    await expect(popover.getByText(text, { exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'achievement popover');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { level: 1, name: '確認画面' }).click();

  // 戻る keeps every value, and 確認 leads back to the same list.
  await page.getByRole('button', { name: '戻る' }).click();
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(nickname);
  await expect(page.getByLabel('自己PR', { exact: true })).toHaveValue(selfPr);
  await expect(page.getByLabel('興味のあるテーマ 1', { exact: true })).toHaveValue(theme);
  await expect(page.getByLabel('受賞歴 1', { exact: true })).toHaveValue(award);
  await expect(page.getByLabel('受賞歴 2', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('作品名', { exact: true })).toHaveValue(work);
  await expect(preview).toHaveAttribute('src', /\/api\/files\/.*[?&]w=80/);
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page).toHaveURL(/\/personalInfo\/personalPage$/);
  await checkConfirmation();

  // 確定 saves and goes to the top page.
  await page.getByRole('button', { name: '確定' }).click();
  await expect(toast(page, ja.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `ようこそ、${nickname} さん` })).toBeVisible();

  // The top bar follows: new name, the uploaded picture as an 80x80 thumbnail.
  const account = page.getByRole('button', { name: `${nickname} さんのアカウントメニュー` });
  await expect(account).toBeVisible();
  await expect(account.locator('img')).toHaveAttribute('src', /\/api\/files\/.*[?&]w=80/);
  await expectAccessible(page, '/dashboard after saving');

  // Reopened from the avatar menu, the form shows what was saved.
  // Regression: the form once reopened with the values from before the save (a stale cache
  // became its initial values).
  await account.click();
  // The sidebar has its own プロフィール entry; the avatar menu opens last.
  await page.getByRole('menuitem', { name: 'プロフィール' }).last().click();
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
  await expect(
    page.getByLabel('ニックネーム', { exact: true }),
    'profile form reopened without reload',
  ).toHaveValue(nickname);
  await expect
    .soft(page.getByLabel('自己PR', { exact: true }), 'profile form reopened without reload')
    .toHaveValue(selfPr, { timeout: 1_000 });

  await page.reload();
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(nickname);
  await expect(page.getByRole('img', { name: 'アバターのプレビュー' })).toHaveAttribute(
    'src',
    /\/api\/files\/.*[?&]w=80/,
  );
  for (const [group, name] of [
    ['希望する工程', 'メイン作画'],
    ['希望する工程', 'ネーム'],
    ['媒体', 'Webマンガ'],
    ['媒体', 'マンガアプリ'],
    ['ジャンル', 'ファンタジー'],
    ['ジャンル', '恋愛'],
    ['作画方法', 'アナログ'],
    ['作画方法', 'デジタル'],
    ['漫画経験', 'アシスタント経験あり'],
  ] as const) {
    await expect(choice(page, group, name), `${group} ${name}`).toBeChecked();
  }
  await expect(choice(page, '漫画経験', '雑誌掲載経験あり')).not.toBeChecked();
  await expect(radio(page, '広告漫画の依頼', '受ける')).toBeChecked();
  await expect(radio(page, '海外での出版', '希望する')).toBeChecked();
  await expect(page.getByLabel('自己PR', { exact: true })).toHaveValue(selfPr);
  await expect(page.getByLabel('興味のあるテーマ 1', { exact: true })).toHaveValue(theme);
  await expect(page.getByLabel('受賞歴 1', { exact: true })).toHaveValue(award);
  await expect(page.getByLabel('受賞歴 2', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('ポートフォリオ（URL）', { exact: true })).toHaveValue(url);
  await expect(radio(page, '制作区分', '自主制作')).toBeChecked();
  await expect(radio(page, 'レイアウト', '見開き')).toBeChecked();
  await expect(radio(page, 'カラー', '白黒')).toBeChecked();
  await expect(radio(page, '掲載形式', '連載')).toBeChecked();
  await expect(page.getByLabel('作品名', { exact: true })).toHaveValue(work);
  await expect(page.getByLabel('ページ数', { exact: true })).toHaveValue('24');
  await expectAccessible(page, 'profile form reopened');
});

test('an editor sees the editorial affiliation instead of the creator-only fields', async ({
  page,
  request,
}) => {
  const user = await confirmedUser(request, { loginAttr: 2 });
  await logIn(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWelcome(page);
  await sideLink(page, 'プロフィール').click();
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(user.nickname);

  await expect(page.getByRole('radiogroup', { name: '編集部の所属' })).toBeVisible();
  for (const group of ['希望する工程', '作画方法', '漫画経験']) {
    await expect(page.getByRole('group', { name: group }), group).toHaveCount(0);
    await expect(page.getByText(group, { exact: true }), group).toHaveCount(0);
  }
  await expectAccessible(page, 'editor profile form');

  await radio(page, '編集部の所属', 'フリーランス').check();
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page).toHaveURL(/\/personalInfo\/personalPage$/);
  await expect(row(page, '登録属性')).toContainText('編集者');
  await expect(row(page, '編集部の所属')).toContainText('フリーランス');
  for (const label of ['希望する工程', '作画方法', '漫画経験']) {
    await expect(row(page, label), label).toHaveCount(0);
  }
  await expectAccessible(page, 'editor profile confirmation');
  await page.getByRole('button', { name: '確定' }).click();
  await expect(toast(page, ja.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Regression: without a reload the form once showed the affiliation from before the save.
  await sideLink(page, 'プロフィール').click();
  await expect(
    radio(page, '編集部の所属', 'フリーランス'),
    'profile form reopened without reload',
  ).toBeChecked();
  await page.reload();
  await expect(radio(page, '編集部の所属', 'フリーランス')).toBeChecked();
});

test('an editor who leaves the editorial affiliation empty is told so on the form', async ({
  page,
  request,
}) => {
  // The server refuses an editor's profile without an affiliation (selectRequired); the form
  // must say so next to 編集部の所属 before the user leaves it (it once only showed a toast
  // after 確定, naming no field).
  const user = await confirmedUser(request, { loginAttr: 2 });
  await logIn(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWelcome(page);
  await sideLink(page, 'プロフィール').click();
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(user.nickname);
  await expect(radio(page, '編集部の所属', '出版社編集部所属')).not.toBeChecked();
  await expect(radio(page, '編集部の所属', 'フリーランス')).not.toBeChecked();
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page.getByText(ja.selectRequired, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/personalInfo\/personalInfo$/);
  await expectAccessible(page, 'editor profile form with the affiliation missing');
});
