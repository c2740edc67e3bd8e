import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { logIn, uniqueEmail } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { mailedLink } from '../support/mail.js';
import { apiPerson, bell, pickOption, uniqueTag } from '../support/people.js';
import { todoTile } from '../support/production.js';
import { apiProject, detailsPath, otherContext } from '../support/projects.js';
import { buttonsOutside, shot, sidewaysScroll } from '../support/screen-checks.js';

/**
 * 担当編集者を招待 (issue 40 #14, docs/access.md "Inviting the editor in charge"): the dialog says
 * who it lists, finds an editor the founder never matched with by name, and carries her message
 * as plain text; a person invited by mail signs up with the address filled in and not asked twice.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const HINT = '一覧には、マッチングが成立した編集者と友達の編集者が表示されます。';
const MESSAGE = '<b>はじめまして</b>。月刊誌での連載をご相談したいです';

async function openInviteDialog(page: Page) {
  await page.getByRole('button', { name: '担当編集者を招待' }).click();
  return page.getByRole('dialog', { name: '担当編集者を招待' });
}

test('the founder finds an editor by name and invites her with a message; she reads it as written', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const [founder, editor] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `遠い編集${tag}`, welcomeClosed: true }),
  ]);
  const title = `灯台の町${tag}`;
  const projectId = await apiProject(request, founder, { title });

  // The founder on her phone; the editor reads at her desk.
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  const dialog = await openInviteDialog(page);
  await expect(dialog.getByText(HINT, { exact: false })).toBeVisible();
  await dialog.getByRole('searchbox', { name: '名前かメールアドレスで探す' }).fill(`遠い編集${tag}`);
  await dialog.getByRole('button', { name: '探す' }).click();
  await pickOption(page, '見つかった編集者', `遠い編集${tag}`);
  await dialog.getByRole('textbox', { name: 'メッセージ（任意）' }).fill(MESSAGE);
  expect(await buttonsOutside(page)).toEqual([]);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'invite-editor-390');
  await dialog.getByRole('button', { name: '招待する' }).click();
  await expect(dialog).toBeHidden();

  const desk = await (await otherContext(browser, baseURL)).newPage();
  await desk.setViewportSize({ width: 1366, height: 900 });
  await logIn(desk, editor.email);
  await expect(desk).toHaveURL(/\/dashboard$/);
  await bell(desk).click();
  const told = desk
    .getByRole('dialog', { name: 'お知らせ' })
    .getByText(`${founder.nickname}さんから「${title}」の担当編集者に招待されました：「${MESSAGE}」`);
  await expect(told).toBeVisible();
  await expect(desk.locator('b', { hasText: 'はじめまして' })).toHaveCount(0);

  // Where she answers, at her desk and on her phone, the founder's words stand beside 承諾する.
  for (const width of [1366, 390]) {
    await desk.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await desk.goto('/dashboard');
    await todoTile(desk, '担当編集者への招待').click();
    const todo = desk.getByRole('dialog', { name: /担当編集者への招待/ });
    const words = todo.getByText(MESSAGE, { exact: true });
    await expect(words).toBeVisible();
    await expect(todo.locator('b')).toHaveCount(0);
    await expect(todo.getByRole('button', { name: '承諾する' })).toBeVisible();
    const box = await words.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    expect(await buttonsOutside(desk)).toEqual([]);
    await shot(desk, `invite-editor-todo-${width}`);
  }
  await desk.context().close();
});

test('a person invited by mail signs up with the address filled in, on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `潮の記録${tag}` });
  const address = uniqueEmail('invited');
  await apiCall(request, founder.token, contract.invitations.inviteByMail, {
    projectId,
    email: address,
    part: { posId: 5, chapterId: null },
  });
  const link = new URL(await mailedLink(address, '/invitation'));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: '新規登録' }).click();
  await expect(page).toHaveURL(/\/creatUser\?invitation=/);
  const email = page.getByLabel('メールアドレス', { exact: true });
  await expect(email).toHaveValue(address);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByText('招待が届いたメールアドレスです。', { exact: false })).toBeVisible();
  await expect(page.getByLabel('メールアドレス（確認用）', { exact: true })).toBeHidden();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await buttonsOutside(page)).toEqual([]);
  await shot(page, 'invited-sign-up-390', true);
});
