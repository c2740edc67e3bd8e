import { COOKIE } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { closeWelcome, confirmedUser, logIn } from '../support/accounts.js';
import { mailedLink } from '../support/mail.js';

test('the route guard sends visitors to /home and back where they wanted after login', async ({
  page,
  request,
}) => {
  const user = await confirmedUser(request);
  await page.goto('/introduce');
  await expect(page).toHaveURL(/\/home\?redirect=%2Fintroduce$/);
  await page.getByRole('button', { name: 'ログイン' }).first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fintroduce$/);
  await expectAccessible(page, '/login');
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByLabel('パスワード').fill(user.password);
  await page.getByLabel('パスワード').press('Enter');
  await expect(page).toHaveURL(/\/introduce$/);

  // A logged-in user who opens /login goes to the top page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page, '/dashboard');
});

test('logout ends the session on the server and in the browser', async ({ page, request, context }) => {
  const user = await confirmedUser(request);
  await logIn(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWelcome(page);
  const token = (await context.cookies()).find((c) => c.name === COOKIE.token)?.value;
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: /さんのアカウントメニュー/ }).click();
  // Its first entry takes the focus once the menu is open and in place; a click before that could
  // land while the page still moved on a slow machine (docs/testing.md).
  const accountMenu = page
    .getByRole('menu')
    .filter({ has: page.getByRole('menuitem', { name: 'ログアウト' }) });
  await expect(accountMenu.getByRole('menuitem', { name: 'プロフィール' })).toBeFocused();
  // Waiting on the reply tells a click the menu lost apart from a slow server (docs/testing.md).
  const loggedOut = page.waitForResponse((r) => r.url().endsWith(contract.accounts.logout.path));
  await accountMenu.getByRole('menuitem', { name: 'ログアウト' }).click();
  await loggedOut;
  await expect(page).toHaveURL(/\/login/);
  const after = await request.get(contract.profiles.me.path, { headers: { token: token ?? '' } });
  expect((await after.json()).status).toBe(50014);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home\?redirect=%2Fdashboard$/);
});

test('a revoked session sends the user to login, back to where they were', async ({
  page,
  request,
  context,
}) => {
  const user = await confirmedUser(request);
  await logIn(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (await context.cookies()).find((c) => c.name === COOKIE.token)?.value ?? '';
  await request.get(contract.accounts.logout.path, { headers: { token } });
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a password reset elsewhere tells an open screen at once that the session ended', async ({
  page,
  request,
}) => {
  const user = await confirmedUser(request);
  await logIn(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWelcome(page);
  const live = page.waitForResponse((r) => r.url().endsWith(contract.notices.stream.path));
  await page.reload();
  await live;
  // The owner resets the password from another device: every session ends, the open stream too.
  expect(
    (await request.post(contract.accounts.forgotPassword.path, { data: { email: user.email } })).status(),
  ).toBe(200);
  const token = new URL(await mailedLink(user.email, '/resetPassword')).searchParams.get('token');
  const reset = await request.post(contract.accounts.resetPassword.path, {
    data: { token, password: 'another-strong-passphrase' },
  });
  expect(reset.status()).toBe(200);
  // The stream's end is noticed without any click: the logged-out dialog opens by itself.
  const dialog = page.getByRole('dialog', { name: 'ログアウトされました' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: '再ログイン' }).click();
  await expect(page).toHaveURL(/\/home\?redirect=%2Fdashboard$/);
});

test('unknown paths show the English 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: /404|Page not found/ }).first()).toBeVisible();
  await expectAccessible(page, '/404');
});

test('the language switch changes every text and is kept in a cookie', async ({ page, context }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Sign up' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === COOKIE.lang)?.value).toBe('en');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expectAccessible(page, '/login in English');
  // Server messages follow the language too.
  await page.getByLabel('E-mail address').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByText('The e-mail address or password is not correct')).toBeVisible();

  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await page.getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
});
