import { COOKIE, MESSAGES } from '@koma/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';

const ja = MESSAGES.ja;
/** A passphrase a password manager would paste: 100 characters. */
const LONG = 'correct horse battery staple, マンガ 2025! '.repeat(4).slice(0, 100);

/** Pastes `text` the way a browser does: a cancelable paste event, then the text when not refused. */
async function paste(field: Locator, text: string): Promise<boolean> {
  await field.focus();
  const refused = await field.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    el.dispatchEvent(event);
    return event.defaultPrevented;
  }, text);
  // A synthetic paste event never inserts text itself: do what the browser would next.
  if (!refused) await field.page().keyboard.insertText(text);
  return refused;
}

async function expectPasteAccepted(page: Page, field: Locator) {
  expect(await paste(field, LONG), 'the field refused the paste').toBe(false);
  await expect(field).toHaveValue(LONG);
  expect(await field.getAttribute('maxlength')).toBeNull();
  await expect(page.getByText(ja.passwordTooLong)).toHaveCount(0);
}

test('every password field takes a pasted 100-character passphrase', async ({ page }) => {
  await page.goto('/creatUser');
  await expectPasteAccepted(page, page.getByLabel('パスワード', { exact: true }));
  await expectPasteAccepted(page, page.getByLabel('パスワード（確認用）'));
  await expect(page.getByText(ja.passwordMismatch)).toHaveCount(0);

  await page.goto('/resetPassword?token=not-a-real-token-but-long-enough');
  await expectPasteAccepted(page, page.getByLabel('新しいパスワード', { exact: true }));
  await expectPasteAccepted(page, page.getByLabel('新しいパスワード（確認用）'));

  await page.goto('/login');
  await expectPasteAccepted(page, page.getByLabel('パスワード'));
});

test('a new password needs 8 characters; the login form keeps the 6 of the specification', async ({
  page,
}) => {
  await page.goto('/creatUser');
  const signUp = page.getByLabel('パスワード', { exact: true });
  await signUp.fill('1234567');
  await expect(page.getByText(ja.newPasswordTooShort)).toBeVisible();
  await signUp.fill('12345678');
  await expect(page.getByText(ja.newPasswordTooShort)).toHaveCount(0);

  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill('someone@example.com');
  await page.getByLabel('パスワード').fill('12345');
  await page.getByLabel('パスワード').press('Enter');
  await expect(page.getByText(ja.passwordTooShort)).toBeVisible();
  await page.getByLabel('パスワード').fill('123456');
  await expect(page.getByText(ja.passwordTooShort)).toHaveCount(0);
});

test('the reset-password screen states the 8-character minimum of new passwords in every language', async ({
  page,
  context,
  baseURL,
}) => {
  const leads = {
    ja: '新しいパスワードを入力してください（8文字以上）。',
    zh: '请输入新密码（至少8个字符）。',
    en: 'Enter a new password (at least 8 characters).',
  };
  for (const [lang, lead] of Object.entries(leads)) {
    await context.addCookies([{ name: COOKIE.lang, value: lang, url: baseURL }]);
    await page.goto('/resetPassword?token=not-a-real-token-but-long-enough');
    await expect(page.getByText(lead, { exact: true })).toBeVisible();
  }
});
