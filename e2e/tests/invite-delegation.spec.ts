import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiFriends, apiPerson, openInviteFromProfile, pickOption, uniqueTag } from '../support/people.js';
import { apiJoin, apiProject, apiRecruit, detailsPath, notice, otherContext } from '../support/projects.js';

/**
 * Inviting left to a member (issue 29, docs/access.md "Inviting"): the founder turns on 招待を任せる
 * on a member's card; that member's detail tab then shows メンバーを招待, and the invitation they
 * send is in the project's list and in its activity.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const activity = (page: Page) => page.locator('.koma-activity-list');

test('the founder lets a member invite; the member invites a friend', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const [founder, member, friend] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `座長${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `右腕${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `旧友${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `任せる港${tag}` });
  await apiRecruit(request, founder, projectId, [5]);
  await apiJoin(request, founder, member, projectId, 5);
  await apiFriends(request, member, friend);

  // Before the switch, the member has no メンバーを招待.
  const other = await otherContext(browser, baseURL);
  const memberPage = await other.newPage();
  await logIn(memberPage, member.email);
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await memberPage.goto(detailsPath(projectId));
  await expect(memberPage.getByRole('heading', { name: 'メンバー', exact: true })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'メンバーを招待' })).toHaveCount(0);

  // The founder turns on 招待を任せる on the member's card.
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  const allow = page.getByRole('switch', { name: `${member.nickname}さんに招待を任せる` });
  await expect(allow).not.toBeChecked();
  await allow.click();
  await expect(notice(page, '招待を任せました')).toBeVisible();
  await expect(allow).toBeChecked();
  await expect(activity(page)).toContainText(
    `${founder.nickname}さんが${member.nickname}さんに招待を任せました`,
  );
  await expectAccessible(page, 'the detail tab with the 招待を任せる switches');

  // The member now invites a friend to the whole project.
  await memberPage.reload();
  await memberPage.getByRole('button', { name: 'メンバーを招待' }).click();
  const dialog = memberPage.getByRole('dialog', { name: 'メンバーを招待' });
  await expect(dialog).toBeVisible();
  await pickOption(memberPage, '招待する友達', friend.nickname);
  await pickOption(memberPage, '担当する範囲', 'プロジェクト全体');
  await pickOption(memberPage, 'ポジション', '背景デザイン');
  await dialog.getByRole('button', { name: '招待を送る' }).click();
  await expect(notice(memberPage, '招待を送りました')).toBeVisible();
  await expect(dialog).toBeHidden();
  const sent = memberPage
    .getByRole('list', { name: '送った招待' })
    .getByRole('listitem')
    .filter({ hasText: friend.nickname });
  await expect(sent).toContainText('返事待ち');
  await expect(sent.getByRole('button', { name: `${friend.nickname}さんへの招待を取り消す` })).toBeVisible();
  await expect(activity(memberPage)).toContainText(
    `${member.nickname}さんが${friend.nickname}さんを背景デザイン（プロジェクト全体）に招待しました`,
  );

  // From a friend's profile too, the project she may invite to is offered.
  await openInviteFromProfile(memberPage, friend.nickname);
  await pickOption(memberPage, '招待するプロジェクト', `任せる港${tag}`);

  // The founder sees who sent it.
  await page.reload();
  const seen = page
    .getByRole('list', { name: '送った招待' })
    .getByRole('listitem')
    .filter({ hasText: friend.nickname });
  await expect(seen).toContainText(`${member.nickname}さんが送った招待`);
  await other.close();
});
