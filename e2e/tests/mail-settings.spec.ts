import fs from 'node:fs';
import path from 'node:path';
import { MAIL_SETTINGS_PATH } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn, PASSWORD } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { readableBody } from '../support/mail.js';
import { apiPerson, pickOption, selectBox } from '../support/people.js';

test.use({ reducedMotion: 'reduce' });

const mode = (page: Page, kind: string, name: string) =>
  page.getByRole('radiogroup', { name: kind }).getByRole('radio', { name, exact: true });
/** The visible button of a mode (antd hides the radio input under it). */
const modeButton = (page: Page, kind: string, name: string) =>
  page.getByRole('radiogroup', { name: kind }).getByText(name, { exact: true });

test('a user turns one kind of notice mail off and moves the digest hour; both are kept', async ({
  page,
  request,
}) => {
  const me = await apiPerson(request, 'creator', { welcomeClosed: true });
  await logIn(page, me.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/personalInfo/personalInfo#mail-settings');
  const section = page.locator('#mail-settings');
  await expect(section.getByRole('heading', { name: 'メール通知' })).toBeVisible();
  // The defaults: a send-back at once, board posts in the digest at 8時.
  await expect(mode(page, '作業が差し戻されたとき', 'すぐに')).toBeChecked();
  await expect(mode(page, '伝言板に投稿があったとき', 'まとめて')).toBeChecked();
  await expect(selectBox(page, 'まとめメールの配信時刻')).toContainText('8時');
  await expectAccessible(page, 'mail settings');

  await modeButton(page, '伝言板に投稿があったとき', '送らない').click();
  await expect(mode(page, '伝言板に投稿があったとき', '送らない')).toBeChecked();
  await pickOption(page, 'まとめメールの配信時刻', '21時');
  await section.getByRole('button', { name: '保存' }).click();
  await expect(section.getByRole('status')).toHaveText('メール通知の設定を保存しました');

  await page.reload();
  await expect(mode(page, '伝言板に投稿があったとき', '送らない')).toBeChecked();
  await expect(mode(page, '作業が差し戻されたとき', 'すぐに')).toBeChecked();
  await expect(selectBox(page, 'まとめメールの配信時刻')).toContainText('21時');
  const saved = await apiCall(request, me.token, contract.notices.mailSettings, undefined);
  expect(saved).toMatchObject({ digestHour: 21, kinds: { board_post: 'off' } });
});

test('a notice mailed at once is written to the mail folder; its one-click unsubscribe turns the kind off', async ({
  request,
  baseURL,
}) => {
  const creator = await apiPerson(request, 'creator', { welcomeClosed: true });
  const editor = await apiPerson(request, 'editor', { welcomeClosed: true });
  await apiCall(request, creator.token, contract.matching.apply, { toUid: editor.id, message: '' });
  const mailDir = path.join(process.env.KOMA_E2E_DATA_DIR ?? '', 'mail');
  const noticeMails = () =>
    fs
      .readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
      .filter((eml) => eml.toLowerCase().includes(`to: ${editor.email.toLowerCase()}`))
      .filter((eml) => eml.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'));
  await expect.poll(() => noticeMails().length, { timeout: 15_000 }).toBe(1);
  const eml = noticeMails()[0] as string;
  expect(readableBody(eml)).toContain(`${baseURL}/dashboard`);
  const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(eml)?.[1] ?? '';
  expect(unsubscribe).toContain(`${contract.notices.unsubscribe.path}?token=`);
  const res = await request.post(new URL(unsubscribe).pathname + new URL(unsubscribe).search, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);
  const after = await apiCall(request, editor.token, contract.notices.mailSettings, undefined);
  expect(after.kinds.pairing_received).toBe('off');
});

test('a mail’s link to the mail settings opens that section, through the login when logged out', async ({
  page,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator', { welcomeClosed: true });
  const link = `${baseURL}${MAIL_SETTINGS_PATH}`;
  const section = page.locator('#mail-settings');

  // Logged out: the landing page, its login form, then back to the section, not the page's top.
  await page.goto(link);
  await expect(page).toHaveURL(/\/home\?redirect=/);
  await page.getByRole('button', { name: 'ログイン', exact: true }).first().click();
  await page.getByLabel('メールアドレス').fill(me.email);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByLabel('パスワード').press('Enter');
  await expect(page).toHaveURL(link);
  await expect(section.getByRole('heading', { name: 'メール通知' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();

  // Logged in, on a phone too: the section is brought into view once the screen has drawn it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.goto(link);
  await expect(section.getByRole('heading', { name: 'メール通知' })).toBeInViewport();
});
