import { expect, type Page, test } from '@playwright/test';
import { expectVisibleFocus } from '../support/focus.js';
import { apiPerson, bell, sideLink } from '../support/people.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo', viewport: { width: 1366, height: 900 } });

const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('the keyboard alone: skip link, headings after navigation, the bell, visible focus, logout', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await apiPerson(request, 'creator', { welcomeClosed: true });

  // A public screen: the first Tab is 本文へスキップ, shown while focused; it goes to the h1.
  await page.goto('/home');
  await expect(mainHeading(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '本文へスキップ' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toBeFocused();
  await expect(skip).not.toBeInViewport();

  // Login by keyboard; the dashboard's heading has focus after the navigation.
  await page.goto('/login');
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('manga-2025');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainHeading(page)).toHaveText(`ようこそ、${person.nickname} さん`);
  await expect(mainHeading(page)).toBeFocused();

  // A logged-in screen: 本文へスキップ first again.
  await page.reload();
  await expect(mainHeading(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へスキップ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toBeFocused();

  // A sidebar entry opened with Enter: focus on the new screen's heading, not the page body.
  await sideLink(page, 'プロジェクト管理').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement$/);
  await expect(mainHeading(page)).toHaveText('プロジェクト管理');
  await expect(mainHeading(page)).toBeFocused();

  // The bell: Enter opens it with focus inside; Escape closes it with focus back on the bell.
  await bell(page).focus();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const notices = page.getByRole('dialog', { name: 'お知らせ' });
  await expect(notices).toBeVisible();
  await expect(notices).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(notices).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // The account menu's entries show their focus too.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: `${person.nickname} さんのアカウントメニュー` }),
  ).toBeFocused();
  await expectVisibleFocus(page);
  // Opening moves focus to its first entry; the arrow keys go on from there.
  await page.keyboard.press('Enter');
  // The sidebar has a プロフィール entry too; the account menu opens last.
  await expect(page.getByRole('menuitem', { name: 'プロフィール' }).last()).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'ログアウト' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('button', { name: `${person.nickname} さんのアカウントメニュー` }),
  ).toBeFocused();

  // From the top of the screen, Tab reaches ログアウト; every stop shows a clear focus outline.
  await page.reload();
  await expect(mainHeading(page)).toBeVisible();
  const logout = page.getByRole('button', { name: 'ログアウト' });
  const stops: string[] = [];
  for (let i = 0; i < 30 && !(await logout.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await expectVisibleFocus(page));
  }
  await expect(logout, `Tab stops: ${stops.join(', ')}`).toBeFocused();
  // On through the top bar to the screen's content, every stop as clear.
  const inMain = () => page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
  for (let i = 0; i < 15 && !(await inMain()); i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await expectVisibleFocus(page));
  }
  expect(await inMain(), `Tab stops: ${stops.join(', ')}`).toBe(true);

  await logout.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
