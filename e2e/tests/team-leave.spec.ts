import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, pickOption, uniqueTag } from '../support/people.js';
import { apiEditorInCharge } from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, notice } from '../support/projects.js';
import { shot } from '../support/screen-checks.js';
import { apiChapterInProduction, apiStartFirstStep } from '../support/workflow.js';

/**
 * Ending a membership (issue 29, docs/access.md "Leaving a project"): the founder removes an
 * assistant who has a started step; the dialog names the step, she hands it to the other
 * background artist, then removes the assistant, whose access ends at once; the project's
 * activity records both. A member leaves on their own, on a phone.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const memberCard = (page: Page, name: string) =>
  page
    .locator('.koma-member')
    .filter({ has: page.getByRole('button', { name: `${name} さんのプロフィールを表示`, exact: true }) });

test('the founder hands the open step over, then removes the member; a member leaves on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor, assistant, helper] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `応援${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `引き継ぎの港${tag}` });
  await apiRecruit(request, founder, projectId, [5], { num: 2 });
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiJoin(request, founder, helper, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  const chapterTitle = `第1話${tag}`;
  const at = await apiChapterInProduction(request, { founder, editor }, projectId, chapterTitle, [
    { posId: 5, owner: assistant },
  ]);
  await apiStartFirstStep(request, { founder, artist: assistant }, { projectId, ...at });

  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/projectDetails/projectDetails?proId=${projectId}`);

  // 外す: the dialog names the started step and will not remove until it is handed over.
  await memberCard(page, assistant.nickname)
    .getByRole('button', { name: `${assistant.nickname}さんをメンバーから外す` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${assistant.nickname}さんをメンバーから外す` });
  await expect(dialog.getByText('承認されていない作業が1件あります')).toBeVisible();
  await expect(dialog.getByText(`${chapterTitle} 1ページ・背景デザイン`)).toBeVisible();
  await expect(dialog.getByText('（作業中）')).toBeVisible();
  const removeButton = dialog.getByRole('button', { name: 'メンバーから外す' });
  await expect(removeButton).toBeDisabled();
  await shot(page, 'team-remove-open-work');
  await pickOption(page, `引き継ぐ相手: ${chapterTitle} 1ページ・背景デザイン`, helper.nickname);
  await dialog.getByRole('button', { name: '引き継ぐ' }).click();
  await expect(notice(page, '作業を引き継ぎました')).toBeVisible();
  await expect(dialog.getByText('赤入れや作業の履歴は残ります')).toBeVisible();
  await removeButton.click();
  await expect(notice(page, 'メンバーから外しました')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(memberCard(page, assistant.nickname)).toHaveCount(0);
  await shot(page, 'team-activity', true);

  // The activity says what happened, newest first.
  const activity = page.getByRole('region', { name: '活動履歴' });
  await expect(activity.getByRole('listitem').first()).toContainText(
    `${founder.nickname}さんが${assistant.nickname}さんをメンバーから外しました`,
  );
  await expect(activity).toContainText(
    `${founder.nickname}さんが${chapterTitle} 1ページの背景デザインを${assistant.nickname}さんから${helper.nickname}さんに引き継ぎました`,
  );

  // Access ends at once; the step is the helper's, who was told.
  const refused = await request.post(contract.workflow.pages.path, {
    headers: { token: assistant.token },
    data: { projectId, chapterId: at.chapterId },
  });
  expect(refused.status()).toBe(404);
  const detail = await apiCall(request, founder.token, contract.workflow.page, { projectId, ...at });
  expect(detail.steps[0]?.owner_user_id).toBe(helper.id);
  const told = await apiCall(request, helper.token, contract.notices.list, { page: 1, pageSize: 20 });
  expect(told.notices.map((n) => n.message).join('\n')).toContain(
    `${founder.nickname}さんが「引き継ぎの港${tag}」${chapterTitle} 1ページの背景デザインをあなたに引き継ぎました`,
  );

  // On a phone, the editor leaves: nothing of theirs is open, the button is on screen.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/projectDetails/projectDetails?proId=${projectId}`);
  const leave = memberCard(page, editor.nickname).getByRole('button', { name: 'プロジェクトを抜ける' });
  await leave.scrollIntoViewIfNeeded();
  const box = await leave.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await leave.click();
  const leaving = page.getByRole('dialog', { name: 'プロジェクトを抜ける' });
  await expect(leaving.getByText('このプロジェクトの画面を開けなくなります')).toBeVisible();
  await shot(page, 'team-leave-phone');
  await leaving.getByRole('button', { name: '抜ける', exact: true }).click();
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement/);
  await expect(notice(page, 'プロジェクトを抜けました')).toBeVisible();
});
