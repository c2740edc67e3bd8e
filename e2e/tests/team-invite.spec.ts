import { contract } from '@koma/shared/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn, uniqueEmail } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { mailedLink } from '../support/mail.js';
import {
  apiFriends,
  apiPerson,
  bell,
  openInviteFromProfile,
  pickOption,
  uniqueTag,
} from '../support/people.js';
import { apiEditorInCharge, goToTodo } from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, detailsPath, notice, otherContext } from '../support/projects.js';
import { buttonsOutside, shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction } from '../support/workflow.js';

/**
 * Bringing the team in (issue 29, docs/access.md "Inviting" and "Changing a part"): the founder
 * invites a friend to one chapter, the friend accepts from the notice, is given a step, has their
 * part changed, and is removed once the step is handed back; a mail invitation brings a person
 * without an account in through sign-up.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const memberCard = (page: Page, name: string) =>
  page
    .locator('.koma-member')
    .filter({ has: page.getByRole('button', { name: `${name} さんのプロフィールを表示`, exact: true }) });

const sentList = (page: Page) => page.getByRole('list', { name: '送った招待' });

/** Opens メンバーを招待 on the project's detail tab. */
async function openInvite(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'メンバーを招待' }).click();
  const dialog = page.getByRole('dialog', { name: 'メンバーを招待' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The iCalendar feed a person's secret URL serves now. */
async function feedOf(page: Page, url: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  return res.text();
}

test('a friend invited to one chapter accepts from the notice, changes part, and is removed after handing the step back', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor, friend, helper] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `友人${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `応援${tag}`, welcomeClosed: true }),
  ]);
  const title = `招きの港${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [5]);
  await apiJoin(request, founder, helper, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  await apiFriends(request, founder, friend);
  const chapterTitle = `第1話${tag}`;
  const at = await apiChapterInProduction(request, { founder, editor }, projectId, chapterTitle, [
    { posId: 5, owner: helper },
  ]);

  // The founder invites the friend as 背景デザイン for the one chapter.
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  await expect(sentList(page)).toHaveCount(0);
  await expect(page.getByText('まだ招待を送っていません')).toBeVisible();
  const invite = await openInvite(page);
  await invite.getByRole('button', { name: '招待を送る' }).click();
  for (const text of [
    '招待する人を選んでください',
    '担当する範囲を選んでください',
    'ポジションを選んでください',
  ])
    await expect(invite.getByText(text, { exact: true })).toBeVisible();
  await pickOption(page, '招待する友達', friend.nickname);
  await pickOption(page, '担当する範囲', chapterTitle);
  await pickOption(page, 'ポジション', '背景デザイン');
  await shot(page, 'team-invite-dialog');
  await expectAccessible(page, 'the invitation dialog');
  await invite.getByRole('button', { name: '招待を送る' }).click();
  await expect(notice(page, '招待を送りました')).toBeVisible();
  await expect(invite).toBeHidden();
  const sent = sentList(page).getByRole('listitem').filter({ hasText: friend.nickname });
  await expect(sent).toContainText(`背景デザイン（${chapterTitle}）`);
  await expect(sent).toContainText('返事待ち');

  // The friend opens the notice from the bell and accepts on the invitations page.
  const other = await otherContext(browser, baseURL);
  const friendPage = await other.newPage();
  await friendPage.setViewportSize({ width: 390, height: 844 });
  await logIn(friendPage, friend.email);
  await expect(friendPage).toHaveURL(/\/dashboard$/);
  await bell(friendPage).click();
  await friendPage
    .getByRole('dialog', { name: 'お知らせ' })
    .getByRole('link', { name: new RegExp(`${founder.nickname}さんから「${title}」の背景デザイン`) })
    .click();
  await expect(friendPage).toHaveURL(/\/invitations$/);
  const offer = friendPage.getByRole('listitem').filter({ hasText: title });
  await expect(offer).toContainText(`背景デザイン（${chapterTitle}）`);
  await shot(friendPage, 'team-invitations-phone');
  await expectAccessible(friendPage, '/invitations with an invitation, on a phone');
  await offer.getByRole('button', { name: `「${title}」への招待を承諾する` }).click();
  await expect(friendPage).toHaveURL(new RegExp(`proId=${projectId}`));
  await expect(notice(friendPage, 'チームに参加しました')).toBeVisible();

  // The friend is given the helper's step; their calendar now holds the chapter.
  const helperWork = await apiCall(request, founder.token, contract.projects.memberWork, {
    projectId,
    userId: helper.id,
  });
  const stepId = helperWork.steps[0]?.step_id as number;
  await apiCall(request, founder.token, contract.workflow.handOver, {
    projectId,
    chapterId: at.chapterId,
    stepId,
    toUserId: friend.id,
  });
  const { url: feedUrl } = await apiCall(request, friend.token, contract.calendar.make, { lang: 'ja' });
  expect(await feedOf(friendPage, feedUrl)).toContain(chapterTitle);

  // 担当を変更: another position would leave the step without its owner, so the dialog says so
  // and waits; the same position for the whole project keeps it, and goes through.
  await page.reload();
  await expect(sent).toContainText('承諾済み');
  const card = memberCard(page, friend.nickname);
  await card
    .getByRole('button', { name: `${friend.nickname}さんの担当「背景デザイン（${chapterTitle}）」を変更` })
    .click();
  const change = page.getByRole('dialog', { name: `${friend.nickname}さんの担当を変更` });
  await pickOption(page, 'ポジション', '背景アシスタント');
  await expect(change.getByText('この変更で担当から外れる、承認されていない作業が1件あります')).toBeVisible();
  await expect(change.getByText(`${chapterTitle} 1ページ・背景デザイン`)).toBeVisible();
  await expect(change.getByRole('button', { name: '変更する' })).toBeDisabled();
  await shot(page, 'team-change-part-open-work');
  await pickOption(page, 'ポジション', '背景デザイン');
  await pickOption(page, '担当する範囲', 'プロジェクト全体');
  await expect(change.getByText(/承認されていない作業/)).toHaveCount(0);
  await change.getByRole('button', { name: '変更する' }).click();
  await expect(change).toBeHidden();
  await expect(card).toContainText('背景デザイン（プロジェクト全体）');

  // 外す: the step goes back to the helper first, then the friend is removed.
  await card.getByRole('button', { name: `${friend.nickname}さんをメンバーから外す` }).click();
  const removing = page.getByRole('dialog', { name: `${friend.nickname}さんをメンバーから外す` });
  await pickOption(page, `引き継ぐ相手: ${chapterTitle} 1ページ・背景デザイン`, helper.nickname);
  await removing.getByRole('button', { name: '引き継ぐ' }).click();
  await expect(removing.getByText('赤入れや作業の履歴は残ります')).toBeVisible();
  await removing.getByRole('button', { name: 'メンバーから外す' }).click();
  await expect(notice(page, 'メンバーから外しました')).toBeVisible();
  await expect(memberCard(page, friend.nickname)).toHaveCount(0);

  // Their access ends at once: no new links to the chapter's pages, nothing of it in the calendar.
  const refused = await request.post(contract.workflow.pages.path, {
    headers: { token: friend.token },
    data: { projectId, chapterId: at.chapterId },
  });
  expect(refused.status()).toBe(404);
  expect(await feedOf(friendPage, feedUrl)).not.toContain(chapterTitle);
  // Live events go to the members of the moment: a board post reaches the helper, not the friend.
  await apiCall(request, founder.token, contract.board.add, { projectId, content: '次の打ち合わせです' });
  const posted = `「${title}」の伝言板に${founder.nickname}さんが投稿しました`;
  const noticesOf = async (token: string) =>
    (await apiCall(request, token, contract.notices.list, { page: 1, pageSize: 20 })).notices
      .map((n) => n.message)
      .join('\n');
  await expect.poll(() => noticesOf(helper.token)).toContain(posted);
  expect(await noticesOf(friend.token)).not.toContain(posted);
  await other.close();
});

test('a mail invitation brings a new account in through sign-up; a withdrawn one says so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const title = `便りの港${tag}`;
  const projectId = await apiProject(request, founder, { title });
  const newcomer = uniqueEmail('invited');
  const withdrawn = uniqueEmail('withdrawn');
  // A creator the founder knows only by name: the person search would show her only editors.
  const stranger = await apiPerson(request, 'creator', { nickname: `背景描き${tag}`, welcomeClosed: true });

  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));

  // By nickname: part of it finds the creator.
  const byName = await openInvite(page);
  await byName.locator('label').filter({ hasText: 'ニックネームで探す' }).click();
  await byName.getByLabel('招待する人', { exact: true }).fill(`描き${tag}`);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: stranger.nickname })
    .click();
  await pickOption(page, '担当する範囲', 'プロジェクト全体');
  await pickOption(page, 'ポジション', '背景アシスタント');
  await byName.getByRole('button', { name: '招待を送る' }).click();
  await expect(byName).toBeHidden();
  await expect(sentList(page).getByRole('listitem').filter({ hasText: stranger.nickname })).toContainText(
    '返事待ち',
  );

  // By mail, from the dialog: a wrong address is refused before anything is sent.
  for (const to of [newcomer, withdrawn]) {
    const invite = await openInvite(page);
    await invite.locator('label').filter({ hasText: 'メールで招待' }).click();
    await invite.getByLabel('メールアドレス').fill('not-an-address');
    await expect(invite.getByText('メールアドレスに誤っています')).toBeVisible();
    await invite.getByLabel('メールアドレス').fill(to);
    await pickOption(page, '担当する範囲', 'プロジェクト全体');
    await pickOption(page, 'ポジション', '着彩アシスタント');
    await invite.getByRole('button', { name: '招待を送る' }).click();
    await expect(invite).toBeHidden();
  }
  const second = sentList(page).getByRole('listitem').filter({ hasText: withdrawn });
  await expect(second).toContainText('返事待ち');
  await second.getByRole('button', { name: `${withdrawn}さんへの招待を取り消す` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取り消す' }).click();
  await expect(second).toContainText('取り消し済み');

  // The withdrawn link says so plainly.
  await page.context().clearCookies();
  const gone = new URL(await mailedLink(withdrawn, '/invitation'));
  await page.goto(gone.pathname + gone.search);
  await expect(page.getByText('この招待は取り消されました。')).toBeVisible();

  // The newcomer's link shows the offer and asks to sign up; after confirming and logging in,
  // they are back on it and accept.
  const link = new URL(await mailedLink(newcomer, '/invitation'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`${founder.nickname}さんから「${title}」への招待が届いています`)).toBeVisible();
  await expect(page.getByText('着彩アシスタント（プロジェクト全体）')).toBeVisible();
  await shot(page, 'team-invitation-link');
  await expectAccessible(page, 'a mail invitation link, logged out');
  await page.getByRole('button', { name: '新規登録' }).click();
  // The shortest form that makes an account (issue 40 #14, docs/accounts.md): the invited address
  // fixed, a nickname, one password with a show button, the terms; the kind follows from the part.
  await expect(page).toHaveURL(/\/creatUser\?invitation=/);
  await page.setViewportSize({ width: 390, height: 844 });
  const form = page.locator('form#invited-sign-up');
  const email = form.getByLabel('メールアドレス', { exact: true });
  await expect(email).toHaveValue(newcomer);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(form.locator('input')).toHaveCount(4);
  for (const asked of ['メールアドレス（確認用）', 'パスワード（確認用）', '創作／エッセイ', '登録属性'])
    await expect(page.getByText(asked, { exact: true })).toHaveCount(0);
  const password = form.getByLabel('パスワード', { exact: true });
  await form.getByLabel('ニックネーム').fill(`新人${tag}`);
  await password.fill('manga-2025');
  await form.getByRole('button', { name: '登録して招待を開く' }).click();
  await expect(
    form.getByText('利用規則およびプライバシーポリシーをご確認の上、同意して下さい'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/creatUser\?invitation=/);
  const show = form.getByRole('button', { name: 'パスワードを表示' });
  await expect(password).toHaveAttribute('type', 'password');
  await show.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  expect((await show.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await show.click();
  await expect(password).toHaveAttribute('type', 'password');
  await form.getByRole('checkbox').check();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await buttonsOutside(page)).toEqual([]);
  await shot(page, 'invited-sign-up-short-390', true);
  // No confirmation mail to wait for: the link proved the address, so the account is logged in and
  // back on the invitation.
  await form.getByRole('button', { name: '登録して招待を開く' }).click();
  await expect(page).toHaveURL(/\/invitation\?token=/);
  await page.getByRole('button', { name: `「${title}」への招待を承諾する` }).click();
  await expect(page).toHaveURL(new RegExp(`proId=${projectId}`));
  await expect(notice(page, 'チームに参加しました')).toBeVisible();
  // A creator wanting the part she was offered; no mail but the invitation went to her.
  const session = await apiCall(request, '', contract.accounts.login, {
    username: newcomer,
    password: 'manga-2025',
  });
  const me = await apiCall(request, session.token, contract.profiles.me, undefined);
  expect(me).toMatchObject({ nickname: `新人${tag}`, loginattr: 1, positions: '8' });
});

test('プロジェクトに招待 from a profile: the person is fixed, the project one of the founder’s ongoing ones; the to-do leads to it, declined', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [founder, friend] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `友人${tag}`, welcomeClosed: true }),
  ]);
  const title = `縁の港${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiFriends(request, founder, friend);

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const invite = await openInviteFromProfile(page, friend.nickname);
  await invite.getByRole('button', { name: '招待を送る' }).click();
  await expect(invite.getByText('プロジェクトを選んでください', { exact: true })).toBeVisible();
  await pickOption(page, '招待するプロジェクト', title);
  await pickOption(page, '担当する範囲', 'プロジェクト全体');
  await pickOption(page, 'ポジション', 'モブアシスタント');
  await shot(page, 'team-invite-from-profile-phone');
  await invite.getByRole('button', { name: '招待を送る' }).click();
  await expect(notice(page, '招待を送りました')).toBeVisible();
  const sent = await apiCall(request, founder.token, contract.invitations.ofProject, { projectId });
  expect(sent.list.map((i) => [i.invitee?.id, i.position, i.chapter_id, i.status])).toEqual([
    [friend.id, 'モブアシスタント', null, 'pending'],
  ]);

  // The friend finds it in the to-do and declines it.
  await page.context().clearCookies();
  await logIn(page, friend.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await goToTodo(page, 'チームへの招待', title);
  await expect(page).toHaveURL(/\/invitations$/);
  await page.getByRole('button', { name: `「${title}」への招待をお断りする` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'お断りする', exact: true }).click();
  await expect(page.getByText('返事を待っている招待はありません')).toBeVisible();
  const answered = await apiCall(request, founder.token, contract.invitations.ofProject, { projectId });
  expect(answered.list.map((i) => i.status)).toEqual(['declined']);
});
