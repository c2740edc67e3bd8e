import { MESSAGES, type ProfileBody } from '@koma/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { closeWelcome, logIn } from '../support/accounts.js';
import {
  apiPerson,
  bell,
  bellCount,
  matchPercents,
  pickOption,
  selectBox,
  sideLink,
  toast,
  uniqueTag,
} from '../support/people.js';

const ja = MESSAGES.ja;

test.use({ reducedMotion: 'reduce' });

/** The creator's profile: 少年・ファンタジー・恋愛, Web and app, 創作, 受ける, 希望する. */
const CREATOR: Partial<ProfileBody> = {
  typebigs: [1, 5, 6],
  medias: [1, 2],
  type: [1],
  adscartoon: 1,
  publish: 1,
};

/** Twelve editors whose profiles match the creator more or less (3 of them like ホラー). */
const EDITORS: Partial<ProfileBody>[] = [
  { typebigs: [1, 5, 6], medias: [1, 2], type: [1], adscartoon: 1, publish: 1 },
  { typebigs: [1, 5, 6], medias: [1, 2], type: [1], adscartoon: 1, publish: 2 },
  { typebigs: [1, 5, 6], medias: [1, 2], type: [1], adscartoon: 2, publish: 2 },
  { typebigs: [1, 5], medias: [1, 2], type: [1], adscartoon: 1, publish: 1 },
  { typebigs: [1], medias: [1, 2], type: [1], adscartoon: 1, publish: 1 },
  { typebigs: [1, 5, 6], medias: [1], type: [1], adscartoon: 1, publish: 1 },
  { typebigs: [8], medias: [1, 2], type: [1], adscartoon: 1, publish: 1 },
  { typebigs: [8, 1], medias: [1], type: [1] },
  { typebigs: [8, 5, 6], medias: [3], type: [2], adscartoon: 2, publish: 2 },
  { typebigs: [2], medias: [3], type: [2], adscartoon: 2, publish: 2 },
  { typebigs: [5], medias: [2], type: [1, 2], adscartoon: 1 },
  { typebigs: [6, 7], medias: [1, 2, 3], type: [1], publish: 1 },
];
const HORROR = [6, 7, 8];

const results = (page: Page) => page.getByRole('region', { name: '検索結果' });
const cards = (page: Page) => results(page).getByRole('listitem').filter({ hasText: 'マッチ度' });
const card = (page: Page, nickname: string) =>
  cards(page).filter({ has: page.getByRole('button', { name: `${nickname} さんのプロフィールを表示` }) });
const activePage = (page: Page) => results(page).locator('.ant-pagination-item-active');

async function search(page: Page) {
  await page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
}

test('a creator finds editors by match, asks one for matching, and sees the answer', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const [creator, ...editors] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, profile: CREATOR }),
    ...EDITORS.map((profile, i) => apiPerson(request, 'editor', { nickname: `編集${tag}-${i}`, profile })),
  ]);
  const chosen = editors[0];
  if (!creator || !chosen) throw new Error('no people');

  await logIn(page, creator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWelcome(page);
  await sideLink(page, '編集者検索').click();
  await expect(page).toHaveURL(/\/editoralSearch\/editoralSearch$/);
  await expect(page.getByRole('heading', { level: 1, name: '編集者検索' })).toBeVisible();
  await expect(selectBox(page, '申請状況')).toContainText('未申請');
  await expectAccessible(page, 'editor search');

  // The twelve editors of this test, best match first, ten a page.
  await page.getByLabel('ニックネーム', { exact: true }).fill(`編集${tag}-`);
  await search(page);
  await expect(results(page).getByText('全 12 件')).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  const first = await matchPercents(cards(page));
  expect(first).toEqual([...first].sort((a, b) => b - a));
  expect(first[0]).toBeGreaterThan(first[9] ?? 100);
  await expect(card(page, chosen.nickname)).toContainText('マッチ度 100%');
  await expectAccessible(page, 'editor search results');
  await results(page).locator('.ant-pagination-item-2').click();
  await expect(activePage(page)).toHaveText('2');
  await expect(cards(page)).toHaveCount(2);
  const second = await matchPercents(cards(page));
  expect(second).toEqual([...second].sort((a, b) => b - a));
  expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));

  // リセット: every filter back (status 未申請) and page 1.
  await pickOption(page, '申請状況', '申請済み');
  await pickOption(page, 'ジャンル', 'ホラー');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'リセット' }).click();
  await expect(selectBox(page, '申請状況')).toContainText('未申請');
  await expect(selectBox(page, 'ジャンル')).not.toContainText('ホラー');
  await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue('');
  await expect(activePage(page)).toHaveText('1');
  await expect(cards(page)).toHaveCount(10);

  // A genre narrows the list to the editors who like it.
  await page.getByLabel('ニックネーム', { exact: true }).fill(`編集${tag}-`);
  await pickOption(page, 'ジャンル', 'ホラー');
  await page.keyboard.press('Escape');
  await search(page);
  await expect(results(page).getByText('全 3 件')).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  for (const i of HORROR) {
    await expect(card(page, editors[i]?.nickname ?? '')).toBeVisible();
  }
  await expectAccessible(page, 'editor search filtered by genre');

  // 申請へ with a message.
  await page.getByRole('button', { name: 'リセット' }).click();
  await page.getByLabel('ニックネーム', { exact: true }).fill(`編集${tag}-`);
  await search(page);
  await expect(results(page).getByText('全 12 件')).toBeVisible();
  await card(page, chosen.nickname)
    .getByRole('button', { name: `${chosen.nickname} さんにマッチング申請` })
    .click();
  const apply = page.getByRole('dialog', { name: 'マッチング申請' });
  await expect(apply).toBeVisible();
  await expect(apply).toContainText(`${chosen.nickname} さんにマッチング申請を送ります。`);
  await apply.getByLabel('メッセージ（任意）').fill('一緒に連載を立ち上げませんか。');
  await expectAccessible(page, 'matching request dialog');
  await apply.getByRole('button', { name: '申請する' }).click();
  await expect(toast(page, ja.pairingSent)).toBeVisible();
  await expect(apply).toBeHidden();
  // No longer among the people not asked yet…
  await expect(results(page).getByText('全 11 件')).toBeVisible();
  await expect(card(page, chosen.nickname)).toHaveCount(0);
  // …but listed as 申請済み.
  await pickOption(page, '申請状況', '申請済み');
  await search(page);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, chosen.nickname)).toContainText('申請済み');
  await expect(card(page, chosen.nickname).getByRole('button', { name: /マッチング申請/ })).toHaveCount(0);
  await expectAccessible(page, 'editor search, status 申請済み');
  const unreadBefore = await bellCount(page);

  // The editor answers on the dashboard.
  const editorContext = await browser.newContext({ baseURL, locale: 'ja-JP', reducedMotion: 'reduce' });
  try {
    const editorPage = await editorContext.newPage();
    await logIn(editorPage, chosen.email);
    await expect(editorPage).toHaveURL(/\/dashboard$/);
    await closeWelcome(editorPage);
    const requests = editorPage
      .locator('.ant-card')
      .filter({ has: editorPage.getByRole('heading', { name: 'マッチング申請', exact: true }) });
    await expect(
      requests.getByRole('button', { name: `${creator.nickname} さんのプロフィールを表示` }),
    ).toBeVisible();
    await expect(requests).toContainText('一緒に連載を立ち上げませんか。');
    await expectAccessible(editorPage, 'editor dashboard with a matching request');
    await requests.getByRole('button', { name: `${creator.nickname} さんのマッチング申請に同意` }).click();
    const agree = editorPage.getByRole('dialog', { name: 'マッチングする' });
    await expect(agree).toContainText(`${creator.nickname} さんとのマッチングに同意します。`);
    await agree.getByLabel('メッセージ（任意）').fill('よろしくお願いします！');
    await expectAccessible(editorPage, 'matching agreement dialog');
    await agree.getByRole('button', { name: '同意します' }).click();
    await expect(toast(editorPage, ja.pairingAgreed)).toBeVisible();
    await expect(agree).toBeHidden();
    await expect(
      requests.getByRole('button', { name: `${creator.nickname} さんのプロフィールを表示` }),
    ).toHaveCount(0);
    await expect(requests).toContainText('データがありません');
  } finally {
    await editorContext.close();
  }

  // The creator's bell tells of the match.
  await expect.poll(() => bellCount(page)).toBe(unreadBefore + 1);
  await bell(page).click();
  const panel = page.locator('.ant-popover').filter({ hasText: 'システムメッセージ' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'システムメッセージ' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel).toContainText(
    `${chosen.nickname}さんとのマッチングが成立しました：「よろしくお願いします！」`,
  );
  await expectAccessible(page, 'notification panel');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect.poll(() => bellCount(page)).toBe(unreadBefore);

  // Status マッチング成功: the editor, 同意済み.
  await pickOption(page, '申請状況', 'マッチング成功');
  await search(page);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, chosen.nickname)).toContainText('同意済み');
  // Regression: antd's green 同意済み tag (about 3.4:1) once failed the colour-contrast rule.
  await expectAccessible(page, 'editor search, status マッチング成功');
});
