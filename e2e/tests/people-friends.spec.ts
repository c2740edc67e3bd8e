import { MESSAGES } from '@koma/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { closeWelcome, logIn } from '../support/accounts.js';
import { apiPerson, bell, bellCount, sideLink, toast, uniqueTag } from '../support/people.js';

const ja = MESSAGES.ja;

test.use({ reducedMotion: 'reduce' });

/** Friend cards (the pagination is a list too: a card is the item with 友達解除). */
const friendCards = (page: Page) =>
  page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /さんを友達解除$/ }) });
/** The empty state of the list (its picture carries the same words as a title). */
const noData = (page: Page) =>
  page.getByRole('tabpanel').locator('.ant-empty-description').filter({ hasText: 'データがありません' });
const friendCard = (page: Page, nickname: string) =>
  friendCards(page).filter({
    has: page.getByRole('button', { name: `${nickname} さんのプロフィールを表示` }),
  });

test('a friend request from a profile popup, answered live from the bell, then undone', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const [a, b] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, profile: { typebigs: [5, 6] } }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, profile: { typebigs: [5], drawmethod: 2 } }),
  ]);

  // B (an editor) waits on the dashboard in another browser.
  const bContext = await browser.newContext({ baseURL, locale: 'ja-JP', reducedMotion: 'reduce' });
  try {
    const bPage = await bContext.newPage();
    await logIn(bPage, b.email);
    await expect(bPage).toHaveURL(/\/dashboard$/);
    await closeWelcome(bPage);
    await expect(bell(bPage)).toBeVisible();
    const bUnread = await bellCount(bPage);

    // A finds B through the editor search and opens B's profile.
    await logIn(page, a.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await closeWelcome(page);
    await sideLink(page, '編集者検索').click();
    await page.getByLabel('ニックネーム', { exact: true }).fill(b.nickname);
    await page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
    await page.getByRole('button', { name: `${b.nickname} さんのプロフィールを表示` }).click();
    const popup = page.getByRole('dialog', { name: 'プロフィール' });
    await expect(popup.getByRole('heading', { name: b.nickname })).toBeVisible();
    await expect(popup.getByText('編集者', { exact: true }).first()).toBeVisible();
    await expect(popup.getByText('友達ではありません')).toBeVisible();
    await expect(popup).toContainText('フリーランス');
    await expectAccessible(page, 'profile popup');
    await popup.getByRole('button', { name: '友達申請' }).click();
    await expect(toast(page, ja.friendRequestSent)).toBeVisible();
    await expect(popup.getByRole('button', { name: '申請中' })).toBeDisabled();
    await expect(popup.getByText('友達申請中')).toBeVisible();
    await popup.getByRole('button', { name: '閉じる' }).last().click();
    await expect(popup).toBeHidden();

    // B's bell rises without a reload (live events), and B agrees from the 友達申請 tab.
    await expect.poll(() => bellCount(bPage)).toBe(bUnread + 1);
    await bell(bPage).click();
    const panel = bPage.locator('.ant-popover').filter({ hasText: 'システムメッセージ' });
    await expect(panel).toBeVisible();
    await panel.getByRole('tab', { name: '友達申請 (1)' }).click();
    await expect(panel.getByRole('button', { name: `${a.nickname} さんのプロフィールを表示` })).toBeVisible();
    await expectAccessible(bPage, 'notification panel, friend requests');
    await panel.getByRole('button', { name: `${a.nickname} さんの友達申請に同意` }).click();
    const agree = bPage.getByRole('dialog', { name: '友達申請に同意' });
    await expect(agree).toContainText(`${a.nickname} さんの友達申請に同意します。`);
    await agree.getByLabel('メッセージ（任意）').fill('こちらこそよろしく');
    await expectAccessible(bPage, 'friend agreement dialog');
    await agree.getByRole('button', { name: '同意', exact: true }).click();
    await expect(toast(bPage, ja.friendAgreed)).toBeVisible();
    await expect(agree).toBeHidden();
    await expect.poll(() => bellCount(bPage)).toBe(bUnread);

    // A hears of it too.
    await expect.poll(() => bellCount(page)).toBeGreaterThan(0);
    await bell(page).click();
    const aPanel = page.locator('.ant-popover').filter({ hasText: 'システムメッセージ' });
    await expect(aPanel).toContainText(`${b.nickname}さんが友達申請を承認しました：「こちらこそよろしく」`);
    await page.keyboard.press('Escape');
    await expect(aPanel).toBeHidden();

    // A's friend list: B under すべて and 編集者, not under 原作者; the keyword search finds B.
    await sideLink(page, '友達リスト').click();
    await expect(page).toHaveURL(/\/friendsList\/friendsList$/);
    await expect(page.getByRole('tab', { name: 'すべて' })).toHaveAttribute('aria-selected', 'true');
    await expect(friendCard(page, b.nickname)).toBeVisible();
    await expect(friendCards(page)).toHaveCount(1);
    await expectAccessible(page, 'friend list');
    await page.getByRole('tab', { name: '編集者' }).click();
    await expect(friendCard(page, b.nickname)).toBeVisible();
    await page.getByRole('tab', { name: '原作者' }).click();
    await expect(noData(page)).toBeVisible();
    await expect(friendCards(page)).toHaveCount(0);
    await page.getByRole('tab', { name: 'すべて' }).click();
    const keywords = page.getByLabel('キーワード', { exact: true });
    await keywords.fill(tag);
    await page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
    await expect(friendCard(page, b.nickname)).toBeVisible();
    await keywords.fill(`該当なし${tag}`);
    await page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
    await expect(noData(page)).toBeVisible();
    await page.getByRole('tab', { name: '編集者' }).click();
    await page.getByRole('button', { name: 'リセット' }).click();
    await expect(keywords).toHaveValue('');
    await expect(page.getByRole('tab', { name: 'すべて' })).toHaveAttribute('aria-selected', 'true');
    await expect(friendCard(page, b.nickname)).toBeVisible();

    // The popup now says they are friends.
    await page.getByRole('button', { name: `${b.nickname} さんのプロフィールを表示` }).click();
    await expect(popup.getByRole('button', { name: '友達です' })).toBeDisabled();
    await expect(popup.getByText('友達', { exact: true })).toBeVisible();
    await popup.getByRole('button', { name: '閉じる' }).last().click();
    await expect(popup).toBeHidden();

    // B's friend list shows A (a creator: 原作者).
    await sideLink(bPage, '友達リスト').click();
    await expect(friendCard(bPage, a.nickname)).toBeVisible();
    await bPage.getByRole('tab', { name: '原作者' }).click();
    await expect(friendCard(bPage, a.nickname)).toBeVisible();
    await bPage.getByRole('tab', { name: 'すべて' }).click();

    // A unfriends B after confirming.
    await friendCard(page, b.nickname)
      .getByRole('button', { name: `${b.nickname} さんを友達解除` })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: '友達解除してよろしいですか?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'unfriend confirmation');
    await confirm.getByRole('button', { name: '友達解除' }).click();
    await expect(toast(page, ja.friendRemoved)).toBeVisible();
    await expect(noData(page)).toBeVisible();
    await expect(friendCards(page)).toHaveCount(0);

    // B's list follows after a reload.
    await bPage.reload();
    await expect(noData(bPage)).toBeVisible();
    await expect(friendCards(bPage)).toHaveCount(0);
    await expectAccessible(bPage, 'empty friend list');
  } finally {
    await bContext.close();
  }
});
