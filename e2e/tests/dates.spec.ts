import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiProject, COVER_PNG, detailsPath, notice, shownDay, tokyoDay } from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo', viewport: { width: 1366, height: 900 } });

/** A day as Japanese users often type it: no separators. */
const compactDay = (offset: number) => tokyoDay(offset).replaceAll('-', '');

test('a deadline typed as 2026/12/04 or 20261204 is kept, shown as YYYY/MM/DD and saved', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `暦の町${tag}` });
  const chapterTitle = `第一話 暦${tag}`;

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=2'));
  await page.getByRole('button', { name: '話を追加' }).click();
  const add = page.getByRole('dialog', { name: '話を追加' });
  await add.getByRole('textbox', { name: 'タイトル' }).fill(chapterTitle);
  await add.getByRole('textbox', { name: 'ページ数' }).fill('2');
  await add.getByLabel('ヘッダー画像', { exact: true }).setInputFiles({
    name: 'header.png',
    mimeType: 'image/png',
    buffer: COVER_PNG,
  });
  await expect(add.getByRole('img', { name: 'ヘッダー画像のプレビュー' })).toBeVisible();

  // The format is the placeholder; typed with slashes, then without separators, key by key.
  const scriptAt = add.getByLabel('ネーム締切');
  const checkAt = add.getByLabel('校了締切');
  await expect(scriptAt).toHaveAttribute('placeholder', 'YYYY/MM/DD');
  await scriptAt.click();
  await scriptAt.pressSequentially(shownDay(7));
  await scriptAt.press('Enter');
  await checkAt.click();
  await checkAt.pressSequentially(compactDay(30));
  await checkAt.press('Enter');
  await expect(scriptAt).toHaveValue(shownDay(7));
  await expect(checkAt).toHaveValue(shownDay(30));

  await add.getByRole('button', { name: '追加', exact: true }).click();
  await expect(add).toBeHidden();
  const row = page
    .getByRole('table', { name: '話の一覧' })
    .getByRole('row')
    .filter({ hasText: chapterTitle });
  await expect(row).toContainText(shownDay(7));
  await expect(row).toContainText(shownDay(30));
  // The API keeps the spec's days.
  const chapters = await apiCall(request, founder.token, contract.chapters.list, { projectId });
  expect(chapters.list.find((c) => c.title === chapterTitle)).toMatchObject({
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
});

test('a recruitment period is typed in either form; Tab goes from the start to the end day and on', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `暦の港${tag}` });

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  await page.getByRole('button', { name: '募集する' }).click();
  const recruit = page.getByRole('dialog', { name: '募集する' });
  const start = recruit.getByPlaceholder('開始日');
  const end = recruit.getByPlaceholder('終了日');
  await expect(start).toHaveAttribute('placeholder', /YYYY\/MM\/DD/);
  await expect(end).toHaveAttribute('placeholder', /YYYY\/MM\/DD/);

  // An empty start day does not keep Tab.
  await recruit.getByRole('radio', { name: '企画' }).focus();
  await page.keyboard.press('Tab');
  await expect(start).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(end).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(start).not.toBeFocused();
  await expect(end).not.toBeFocused();

  // Typed: the start with slashes, Tab, the end without separators, Tab.
  await start.click();
  await start.pressSequentially(shownDay(0));
  await page.keyboard.press('Tab');
  await expect(end).toBeFocused();
  await end.pressSequentially(compactDay(14));
  await page.keyboard.press('Tab');
  await expect(end).not.toBeFocused();
  await expect(start).toHaveValue(shownDay(0));
  await expect(end).toHaveValue(shownDay(14));

  await recruit.getByRole('spinbutton', { name: 'メイン作画' }).fill('1');
  await recruit.getByRole('button', { name: '募集を開始' }).click();
  await expect(notice(page, '募集を開始しました')).toBeVisible();
  await expect(recruit).toBeHidden();
  await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=3'));
  const period = page.getByRole('table', { name: '企画の募集期間と条件' });
  await expect(period).toContainText(shownDay(0));
  await expect(period).toContainText(shownDay(14));
  const saved = await apiCall(request, founder.token, contract.recruitment.detail, { kind: 1, projectId });
  expect(saved.detail).toMatchObject({ stime: tokyoDay(0), etime: tokyoDay(14) });
});
