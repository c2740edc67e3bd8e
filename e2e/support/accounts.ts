import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailedLink } from './mail.js';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export const PASSWORD = 'manga-2025';

/**
 * Registers an account through the API (its confirmation mail is written, not followed): the
 * provisional account a sign-up makes. Returns the confirmation link the mail carries.
 */
export async function apiRegister(
  request: APIRequestContext,
  email: string,
  opts: { loginAttr?: 1 | 2; nickname: string },
): Promise<string> {
  const creator = opts.loginAttr !== 2;
  const res = await request.post(contract.accounts.register.path, {
    data: {
      nickname: opts.nickname,
      email,
      password: PASSWORD,
      type: [1],
      loginAttr: opts.loginAttr ?? 1,
      medias: [1],
      typebigs: [5],
      positions: creator ? [2] : null,
      method: creator ? [2] : null,
    },
  });
  expect(res.status()).toBe(200);
  return mailedLink(email, '/registration/complete');
}

/** A confirmed creator made through the API (for tests about other screens). */
export async function confirmedUser(
  request: APIRequestContext,
  opts: { loginAttr?: 1 | 2; nickname?: string } = {},
): Promise<{ email: string; password: string; nickname: string }> {
  const email = uniqueEmail(opts.loginAttr === 2 ? 'editor' : 'creator');
  const nickname = opts.nickname ?? `テスト${counter}`;
  const link = await apiRegister(request, email, { loginAttr: opts.loginAttr, nickname });
  const token = new URL(link).searchParams.get('token');
  const done = await request.post(contract.accounts.completeRegistration.path, { data: { token } });
  expect(done.status()).toBe(200);
  return { email, password: PASSWORD, nickname };
}

/**
 * Logs in through the form and waits until the app has left the login screen: a `goto` right
 * after the Enter would cancel the login request before its session is kept, and the test would
 * go on logged out.
 */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByLabel('パスワード').press('Enter');
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Closes the first-login dialog a new account sees on the dashboard. */
export async function closeWelcome(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Koma へようこそ' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: '閉じる' }).first().click();
  await expect(welcome).toBeHidden();
}
