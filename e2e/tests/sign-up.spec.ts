import { MESSAGES } from '@koma/shared';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { uniqueEmail } from '../support/accounts.js';
import { mailedLink } from '../support/mail.js';

const ja = MESSAGES.ja;

test('a new creator signs up, follows the mailed link, logs in and closes the first-login dialog for good', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/home');
  await expectAccessible(page, '/home');
  await page.getByRole('button', { name: '新規登録' }).first().click();
  await expect(page).toHaveURL(/\/registration$/);
  await expectAccessible(page, '/registration');

  // Corporate registration is not open yet.
  await page.getByRole('button', { name: /法人/ }).click();
  await expect(page.getByText('法人登録は現在ご利用いただけません')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /個人/ }).click();
  await expect(page).toHaveURL(/\/creatUser$/);

  // Every rule of the form shows its message.
  await page.getByRole('button', { name: '確認画面へ' }).click();
  for (const text of [
    ja.nicknameRequired,
    ja.emailRequired,
    ja.passwordRequired,
    ja.creativecapRequired,
    ja.loginAttrRequired,
    ja.agreementRequired,
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await page.getByLabel('メールアドレス', { exact: true }).fill('not-an-address');
  await expect(page.getByText(ja.emailInvalid)).toBeVisible();
  // New passwords need 8 characters (issue 7); 7 is refused while typing.
  await page.getByLabel('パスワード', { exact: true }).fill('1234567');
  await expect(page.getByText(ja.newPasswordTooShort)).toBeVisible();
  await page.getByLabel('メールアドレス（確認用）').fill('other@example.com');
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await expect(page.getByText(ja.emailMismatch)).toBeVisible();
  await page.getByLabel('パスワード（確認用）').fill('different');
  await expect(page.getByText(ja.passwordMismatch)).toBeVisible();
  await expectAccessible(page, '/creatUser with errors');

  await page.getByLabel('ニックネーム').fill('漫画 太郎');
  await page.getByLabel('メールアドレス（確認用）').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill('manga-2025');
  await page.getByLabel('パスワード（確認用）').fill('manga-2025');
  await page.getByRole('checkbox', { name: '創作' }).check();

  // The attribute dialog refuses a gap, then takes every list.
  await page.getByRole('radio', { name: 'クリエイター（漫画家・原作者）' }).check();
  const dialog = page.getByRole('dialog', { name: 'クリエイター属性選択' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '決定' }).click();
  await expect(dialog.getByText(ja.attributeIncomplete)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Webマンガ' }).check();
  await dialog.getByRole('checkbox', { name: 'ファンタジー' }).check();
  await dialog.getByRole('checkbox', { name: 'メイン作画' }).check();
  await dialog.getByRole('checkbox', { name: 'デジタル' }).check();
  await expectAccessible(page, 'attribute dialog');
  await dialog.getByRole('button', { name: '決定' }).click();
  await expect(dialog).toBeHidden();

  // Terms of use: 15 articles.
  await page.getByRole('button', { name: '利用規約' }).first().click();
  const terms = page.getByRole('dialog', { name: '利用規約' });
  await expect(terms.getByText('第15条')).toBeVisible();
  await terms.getByRole('button', { name: '内容を確認しました' }).click();
  await page.getByRole('checkbox', { name: '利用規約およびプライバシーポリシーに同意します' }).check();
  await page.getByRole('button', { name: '確認画面へ' }).click();

  await expect(page).toHaveURL(/\/confrimPage\?selectData=/);
  expect(page.url()).not.toContain('manga-2025');
  const main = page.getByRole('main');
  for (const text of ['漫画 太郎', email, '創作', 'Webマンガ', 'ファンタジー', 'メイン作画', 'デジタル']) {
    await expect(main.getByText(text, { exact: true })).toBeVisible();
  }
  await expectAccessible(page, '/confrimPage');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('仮登録完了')).toBeVisible();
  await page.getByRole('button', { name: 'ログイン画面へ' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Logging in before completing is refused with a clear message.
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill('manga-2025');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByText(ja.accountProvisional)).toBeVisible();

  // The link in the .eml the server wrote completes the registration.
  const link = await mailedLink(email, '/registration/complete');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('本登録が完了しました').first()).toBeVisible();
  await expectAccessible(page, '/registration/complete');
  await page.getByRole('button', { name: 'ログイン画面へ' }).click();

  await page.getByLabel('メールアドレス').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel('パスワード').fill('manga-2025');
  await page.getByLabel('パスワード').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  const welcome = page.getByRole('dialog', { name: 'Koma へようこそ' });
  await expect(welcome).toBeVisible();
  await expectAccessible(page, 'first-login dialog');
  await welcome.getByRole('button', { name: '閉じる' }).first().click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /ようこそ、漫画 太郎 さん/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Koma へようこそ' })).toBeHidden();
});

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  const { confirmedUser } = await import('../support/accounts.js');
  const user = await confirmedUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  // The login form has an e-mail field too: type only once the reset form is there (a CI run
  // once filled the login form's field while the reset page was still loading).
  await expect(page.getByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeVisible();
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByRole('button', { name: '再設定メールを送信' }).click();
  await expect(page.getByText(ja.resetMailSent).first()).toBeVisible();
  const link = await mailedLink(user.email, '/resetPassword');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('新しいパスワード', { exact: true }).fill('brand-new-pw');
  await page.getByLabel('新しいパスワード（確認用）').fill('brand-new-pw');
  await expectAccessible(page, '/resetPassword');
  await page.getByRole('button', { name: 'パスワードを再設定' }).click();
  await expect(page.getByText(ja.passwordReset).first()).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByLabel('パスワード').fill('brand-new-pw');
  await page.getByLabel('パスワード').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});
