import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, bell, uniqueTag } from '../support/people.js';
import { todoTile } from '../support/production.js';
import { apiApply, apiJoin, apiProject, apiRecruit, otherContext, settle } from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

/** The bell's panel (the popover that opening the bell moves focus into). */
const panel = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'お知らせ' });

test('a notice in the bell opens what it is about, by click and by keyboard', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const title = `灯の港${tag}`;
  const [founder, artist, writer] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `ネーム${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 3, 5]);
  await apiJoin(request, founder, artist, projectId, 5);
  await apiApply(request, writer, projectId, 3);
  await apiCall(request, founder.token, contract.board.add, {
    projectId,
    content: '初回の打ち合わせです',
  });

  // The founder: an application notice leads to the project's applicants (募集情報).
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await bell(page).click();
  const application = panel(page).getByRole('link', {
    name: new RegExp(`${writer.nickname}さんが「${title}」のネームに応募しました`),
  });
  await expect(application).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'the bell with notices as links');
  await application.click();
  await expect(page).toHaveURL(new RegExp(`proId=${projectId}&activeName=projectOperate&activeMenu=3`));
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('tab', { name: '募集情報' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('table', { name: '企画の応募者' }).getByRole('row').filter({ hasText: writer.nickname }),
  ).toContainText('ネーム');

  // The member, by keyboard: the board notice opens the project's message board.
  const member = await (await otherContext(browser, baseURL)).newPage();
  await logIn(member, artist.email);
  await expect(member).toHaveURL(/\/dashboard$/);
  await bell(member).focus();
  await member.keyboard.press('Enter');
  const post = panel(member).getByRole('link', {
    name: new RegExp(`「${title}」の伝言板に${founder.nickname}さんが投稿しました`),
  });
  await post.focus();
  await member.keyboard.press('Enter');
  await expect(member).toHaveURL(new RegExp(`proId=${projectId}&board=open`));
  await expect(member.getByText('初回の打ち合わせです', { exact: true })).toBeVisible();
  await member.context().close();
});

test("an applicant's to-do rows say who applied, to which position and when", async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const title = `風の丘${tag}`;
  const [founder, artist, writer] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `ネーム${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 3]);
  await apiApply(request, artist, projectId, 2);
  await apiApply(request, writer, projectId, 3);

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await todoTile(page, '募集への応募者').click();
  const dialog = page.getByRole('dialog', { name: '募集への応募者' });
  const rows = dialog.getByRole('row').filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  await expect(dialog.getByRole('columnheader', { name: '応募者' })).toBeVisible();
  const artistRow = rows.filter({ hasText: artist.nickname });
  const writerRow = rows.filter({ hasText: writer.nickname });
  await expect(artistRow).toContainText('メイン作画');
  await expect(writerRow).toContainText('ネーム');
  for (const row of [artistRow, writerRow]) {
    await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await expect(row).not.toContainText('—');
  }
  await settle(page);
  await expectAccessible(page, 'applicant to-do rows');
});
