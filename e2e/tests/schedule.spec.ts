import { contract } from '@koma/shared/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { eventLines, makeCalendarFeed, stepEventUid } from '../support/calendar.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, workPageItems } from '../support/production.js';
import {
  apiJoin,
  apiProject,
  apiRecruit,
  notice,
  otherContext,
  settle,
  shownDay,
  tokyoDay,
} from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction } from '../support/workflow.js';

/**
 * Due days and forecasts (issue 15, docs/schedule.md): the founder sees each step's due day on the
 * chapter's schedule, moves one into the past so the chapter reads 期日超過1件 naming that step, and
 * sets the buffer; the work screen and the dashboard say so too; a member reads the schedule without the founder's controls, and
 * their calendar feed holds their step on the moved day.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

/** The bar of one step in the schedule's chart (a row per page; each bar says its step in words). */
function stepRow(page: Page, position: string): Locator {
  return page
    .getByRole('region', { name: 'ページごとの工程と期日の表' })
    .locator('.koma-sch-bar')
    .filter({ hasText: position });
}

/** Opens the list of steps under the chart, where days are moved. */
async function openStepList(page: Page): Promise<void> {
  await page.getByRole('button', { name: '工程の一覧と期日の変更' }).click();
}

const forecastBox = (page: Page) => page.getByRole('region', { name: '締め切りの見通し' });

test('the founder moves a due day and sets the buffer; the chapter turns at risk; the assistant reads the schedule and finds the step in their calendar', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor, assistant] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
  ]);
  const title = `期日の港${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  // Saving the work flow plans the due days back from the check deadline (30 days ahead) minus
  // the default buffer of 2 days: the last step on day 28, the first halfway, on day 14.
  const chapterTitle = `第1話${tag}`;
  const { chapterId } = await apiChapterInProduction(request, { founder, editor }, projectId, chapterTitle, [
    { posId: 5, owner: assistant },
    { posId: 2, owner: founder },
  ]);
  const query = `projectId=${projectId}&chapterId=${chapterId}`;

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The work screen: the forecast under the head, the current step's due day in the page list.
  await page.goto(`/chapter/details?${query}`);
  await expect(forecastBox(page).getByText('順調', { exact: true })).toBeVisible();
  // A new team: the finish is on the default paces per kind of step, and says so (issue 30).
  await expect(forecastBox(page)).toContainText('実績が少ないため目安');
  const pages = page.getByRole('table', { name: 'ページ一覧' });
  await expect(pages.getByRole('row').filter({ hasText: '背景デザイン' })).toContainText(shownDay(14));
  await forecastBox(page).getByRole('link', { name: 'スケジュール' }).click();
  await expect(page).toHaveURL(`/chapter/schedule?${query}`);

  // The schedule: each step's due day, not approved yet.
  const background = stepRow(page, '背景デザイン');
  const main = stepRow(page, 'メイン作画');
  await expect(background).toContainText(`期日 ${shownDay(14)}`);
  await expect(background).toContainText('承認日 未承認');
  await expect(main).toContainText(`期日 ${shownDay(28)}`);
  await expect(forecastBox(page).getByText('順調', { exact: true })).toBeVisible();
  await settle(page);
  await shot(page, 'founder-1366-on-track', true);
  await expectAccessible(page, 'schedule of the founder');

  // Moving the first step's due day to yesterday with the keyboard alone: it is overdue now.
  await openStepList(page);
  await page.getByRole('button', { name: '1ページ・背景デザインの期日を変更' }).click();
  const move = page.getByRole('dialog', { name: '1ページ・背景デザインの期日' });
  const day = move.getByLabel('新しい期日');
  await expect(day).toBeFocused();
  await day.fill(shownDay(-1));
  // Enter takes the typed day and saves it, as 変更する would.
  await day.press('Enter');
  await expect(notice(page, '期日を変更しました')).toBeVisible();
  await expect(move).toBeHidden();
  await expect(background).toContainText(`期日 ${shownDay(-1)}`);
  await expect(background).toContainText('期限切れ');
  await expect(background).toContainText('手動');
  // A step past its due day: the chapter is no longer plainly 順調, nor 遅れの恐れ while the finish
  // is in time (issue 40): the missed day is named, and the reason names the step.
  await expect(forecastBox(page).getByText('期日超過1件', { exact: true })).toBeVisible();
  await expect(forecastBox(page)).toContainText(
    `1ページの背景デザイン（${assistant.nickname}さん）が期日${shownDay(-1)}を過ぎています`,
  );

  // A buffer of 30 days leaves no day before the deadline's buffer: the finish is at risk, and the
  // missed day still named.
  await page.getByRole('spinbutton', { name: '予備日（校了締切の前に空けておく日数）' }).fill('30');
  await page.getByRole('button', { name: '予備日を保存' }).click();
  await expect(notice(page, '予備日を保存し、期日を立て直しました')).toBeVisible();
  await expect(forecastBox(page).getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
  await expect(forecastBox(page)).toContainText('見込み');
  const reason = ((await forecastBox(page).locator('.koma-forecast-text').textContent()) ?? '').trim();
  expect(reason.length).toBeGreaterThan(0);
  // The day moved by hand stays; the other is planned again.
  await expect(background).toContainText(`期日 ${shownDay(-1)}`);
  await expect(main).toContainText(`期日 ${shownDay(0)}`);
  await settle(page);
  await shot(page, 'founder-1366-at-risk', true);

  // The work screen says the same, and the page list marks the overdue step.
  await page.getByRole('link', { name: '作業画面へ戻る' }).click();
  // The schedule stays on screen while the work screen loads: wait for the work screen itself.
  await expect(page).toHaveURL(`/chapter/details?${query}`);
  await expect(pages).toBeVisible();
  await expect(forecastBox(page).getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
  await expect(forecastBox(page)).toContainText(reason);
  await expect(pages.getByRole('row').filter({ hasText: '背景デザイン' })).toContainText('期限切れ');
  await shot(page, 'founder-1366-work', true);
  await page.getByRole('button', { name: '1ページの作業工程を開く' }).click();
  const steps = page.getByRole('dialog', { name: '1ページの作業工程' });
  await expect(steps.getByRole('row').filter({ hasText: '背景デザイン' })).toContainText('期限切れ');
  await expect(steps.getByRole('row').filter({ hasText: 'メイン作画' })).toContainText(shownDay(0));
  await shot(page, 'founder-1366-steps', true);
  await steps.getByRole('button', { name: '閉じる' }).last().click();

  // The dashboard lists the chapter under 締め切りの見通し, leading to its work screen.
  await page.goto('/dashboard');
  const panel = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: '締め切りの見通し' }) });
  await expect(panel.getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
  await expect(
    panel.getByRole('link', { name: `「${title}」${chapterTitle}の作業画面を開く` }),
  ).toHaveAttribute('href', `/chapter/details?${query}`);
  await shot(page, 'founder-1366-dashboard', true);

  // The chapter list: the tag and the reason, and the way to the schedule.
  await page.goto(`/projectDetails/projectDetails?proId=${projectId}&activeName=projectOperate&activeMenu=2`);
  const chapterRow = page
    .getByRole('table', { name: '話の一覧' })
    .getByRole('row')
    .filter({ hasText: chapterTitle });
  await expect(chapterRow.getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
  await expect(chapterRow).toContainText(reason);
  await shot(page, 'founder-1366-chapter-list', true);
  // On a phone the list keeps to the screen, the forecast under the chapter's status.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chapterRow.getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
  await expect(chapterRow).toContainText(`校了締切 ${shownDay(30)}`);
  await settle(page);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  const listOverflow = await page.getByRole('table', { name: '話の一覧' }).evaluate((table) => {
    const box = table.parentElement as HTMLElement;
    return box.scrollWidth - box.clientWidth;
  });
  expect(listOverflow).toBeLessThanOrEqual(0);
  await shot(page, 'founder-390-chapter-list', true);
  await chapterRow.getByRole('link', { name: `${chapterTitle}のスケジュール` }).click();
  await expect(page).toHaveURL(`/chapter/schedule?${query}`);

  // On a phone the chart stays, scrolling sideways in its own box; the list under it moves a day;
  // the page does not scroll sideways.
  await expect(page.getByRole('region', { name: 'ページごとの工程と期日の表' })).toBeVisible();
  await expect(stepRow(page, '背景デザイン')).toContainText('期限切れ');
  await openStepList(page);
  await expect(page.getByRole('heading', { name: '1ページ', level: 3 })).toBeVisible();
  await expect(page.getByRole('button', { name: '1ページ・メイン作画の期日を変更' })).toBeVisible();
  await settle(page);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'founder-390-at-risk', true);

  // A member reads the same schedule, without the founder's controls.
  const context = await otherContext(browser, baseURL);
  try {
    const aPage = await context.newPage();
    await logIn(aPage, assistant.email);
    await expect(aPage).toHaveURL(/\/dashboard$/);
    await aPage.setViewportSize({ width: 1366, height: 900 });
    await aPage.goto(`/chapter/schedule?${query}`);
    await expect(stepRow(aPage, '背景デザイン')).toContainText('期限切れ');
    await expect(forecastBox(aPage).getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
    await expect(
      aPage.getByText(
        '期日と予備日を変えられるのは原作者と担当編集者、編集の席（副担当・編集長）の人だけです。',
      ),
    ).toBeVisible();
    await expect(aPage.getByText('予備日：30日')).toBeVisible();
    await openStepList(aPage);
    await expect(aPage.getByRole('heading', { name: '1ページ', level: 3 })).toBeVisible();
    await expect(aPage.getByRole('button', { name: /の期日を変更$/ })).toHaveCount(0);
    await expect(aPage.getByRole('spinbutton')).toHaveCount(0);
    await settle(aPage);
    await shot(aPage, 'assistant-1366-read-only', true);
    await expectAccessible(aPage, 'schedule of a member');
    await aPage.setViewportSize({ width: 390, height: 844 });
    await expect(aPage.getByRole('region', { name: 'ページごとの工程と期日の表' })).toBeVisible();
    expect(await sidewaysScroll(aPage)).toBeLessThanOrEqual(0);
    await shot(aPage, 'assistant-390-read-only', true);
    await aPage.getByRole('link', { name: '作業画面へ戻る' }).click();
    await expect(aPage).toHaveURL(`/chapter/details?${query}`);
    await expect(workPageItems(aPage).filter({ hasText: '背景デザイン' })).toContainText('期限切れ');
    await expect(forecastBox(aPage).getByText('遅れの恐れ・期日超過1件', { exact: true })).toBeVisible();
    expect(await sidewaysScroll(aPage)).toBeLessThanOrEqual(0);
    await shot(aPage, 'assistant-390-work', true);

    // The assistant's calendar feed holds their step on the day the founder moved it to.
    await aPage.setViewportSize({ width: 1366, height: 900 });
    const { ics } = await makeCalendarFeed(aPage);
    const schedule = await apiCall(request, assistant.token, contract.schedule.chapter, {
      projectId,
      chapterId,
    });
    const own = schedule.pages[0]?.steps.find((s) => s.owner_user_id === assistant.id);
    const lines = eventLines(ics, stepEventUid(own?.step_id));
    expect(lines).toContain(`DTSTART;VALUE=DATE:${tokyoDay(-1).replaceAll('-', '')}`);
    expect(lines).toContain(`SUMMARY:「${title}」${chapterTitle} 1ページ 背景デザイン 期日`);
  } finally {
    await context.close();
  }
});
