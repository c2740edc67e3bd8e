import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, solidPng } from '../support/production.js';
import { apiProject, otherContext, tokyoDay, uploadCover } from '../support/projects.js';
import { buttonsOutside, shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiRenditionStatuses } from '../support/workflow.js';

/**
 * Review links for people outside the team (issue 42, docs/access.md "Review links"): the editor
 * in charge makes a password link with red-pen comments at her desk; a proofreader outside the
 * team opens it on a 390 px phone, gives her name and the password and reads the pages without an
 * account; the editor sees the view counted, revokes the link, and the guest's next request is
 * refused.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

test('the editor makes a password review link; a guest opens it on a phone; revoked, her next request is refused', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
  ]);
  const projectTitle = `夜の図書館${tag}`;
  const projectId = await apiProject(request, founder, { title: projectTitle });
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: `第1話${tag}`,
    page: '2',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const { list } = await apiCall(request, founder.token, contract.pages.list, { projectId, chapterId });
  for (const p of list) {
    const res = await request.post(contract.pages.upload.path, {
      headers: { token: founder.token },
      multipart: {
        projectId: String(projectId),
        pageId: String(p.id),
        file: { name: 'page.png', mimeType: 'image/png', buffer: solidPng([220, 220, 220], 600, 850) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await expect
    .poll(
      async () =>
        (await apiRenditionStatuses(request, founder.token, { projectId, chapterId })).map((p) => p.at(-1)),
      { timeout: 30_000 },
    )
    .toEqual(['ready', 'ready']);

  // The editor, at her desk: the chapter's review links, a password link with comments.
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
  await page.getByRole('button', { name: 'レビューリンク' }).click();
  const drawer = page.getByRole('dialog', { name: /のレビューリンク$/ });
  await expect(drawer.getByText('まだリンクはありません')).toBeVisible();
  await drawer.getByLabel('メモ（誰に送るか）').fill('校正の山田さん');
  await drawer.getByLabel('パスワード（任意）').fill('akapen-42');
  await drawer.getByRole('switch', { name: '赤入れ・返信を許可' }).click();
  await drawer.getByRole('button', { name: 'リンクを作成' }).click();
  const made = drawer.locator('.koma-review-made .koma-review-url');
  await expect(made).toContainText('/review#');
  const url = new URL((await made.textContent()) ?? '');
  const link = drawer.locator('.koma-review-link').filter({ hasText: '校正の山田さん' });
  await expect(link).toContainText('有効');
  await expect(link).toContainText('閲覧 0／20回');
  await expect(link).toContainText('パスワードあり・赤入れ可');
  await shot(page, 'review-links-desk');

  // The guest, on her phone, without an account: her name and the password open the pages.
  const guestContext = await otherContext(browser, baseURL);
  const guest = await guestContext.newPage();
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto(`${url.pathname}${url.hash}`);
  await expect(guest.getByRole('heading', { name: 'レビューへの招待' })).toBeVisible();
  await guest.getByLabel('お名前').fill('山田 花子');
  await guest.getByLabel('パスワード').fill('wrong-pass');
  await guest.getByRole('button', { name: '開く' }).click();
  await expect(guest.getByRole('alert')).toContainText('パスワードが違います');
  await guest.getByLabel('パスワード').fill('akapen-42');
  const open = guest.getByRole('button', { name: '開く' });
  expect((await open.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(await sidewaysScroll(guest)).toBeLessThanOrEqual(0);
  await open.click();
  const viewer = guest.getByRole('dialog', { name: new RegExp(`${projectTitle}.*ゲスト：山田 花子`) });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('.openseadragon-canvas canvas').first()).toBeVisible();
  expect(await buttonsOutside(guest)).toEqual([]);
  await shot(guest, 'review-guest-390');

  // The editor sees the view and who opened it, and revokes the link.
  await page.reload();
  await page.getByRole('button', { name: 'レビューリンク' }).click();
  await expect(link).toContainText('閲覧 1／20回');
  await expect(link).toContainText('開いた人：山田 花子');
  await link.getByRole('button', { name: '無効にする' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '無効にする' }).click();
  await expect(link).toContainText('無効');
  await expect(link.getByRole('button', { name: '無効にする' })).toHaveCount(0);

  // The guest's next request is refused.
  await guest.reload();
  await expect(guest.getByText('このレビューリンクはもう使えません')).toBeVisible();
  await expect(guest.getByRole('dialog', { name: /ゲスト：山田 花子/ })).toHaveCount(0);
  await guestContext.close();
});
