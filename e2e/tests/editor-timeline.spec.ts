import { contract } from '@koma/shared/contract';
import { expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiEditorInCharge } from '../support/production.js';
import { apiProject, settle, shownDay, tokyoDay, uploadCover } from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction } from '../support/workflow.js';

/**
 * The editor's timeline (issue 40, docs/schedule.md "The editor's timeline"): the editor in
 * charge of two serializations opens it from her dashboard and finds both, the late chapter
 * first; from it, a chapter's chart shows its whole plan (the last due day and the check
 * deadline, January days when run in December) and opens on today, on a phone and at a desk.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

/** Whether `inner`'s box lies within the visible part of the scrolling box `outer`, sideways. */
async function shownWithin(outer: Locator, inner: Locator): Promise<boolean> {
  const [o, i] = await Promise.all([outer.boundingBox(), inner.boundingBox()]);
  if (!o || !i) return false;
  return i.x >= o.x - 1 && i.x + i.width <= o.x + o.width + 1;
}

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1366, height: 900 },
];

for (const size of sizes)
  test(`the editor finds both serializations, the late chapter first, and a chapter's whole plan (${size.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const tag = uniqueTag();
    const [editor, founderA, founderB] = await Promise.all([
      apiPerson(request, 'editor', { nickname: `田中${tag}`, welcomeClosed: true }),
      apiPerson(request, 'creator', { nickname: `渡辺${tag}`, welcomeClosed: true }),
      apiPerson(request, 'creator', { nickname: `佐藤${tag}`, welcomeClosed: true }),
    ]);
    const titleA = `本の中の空${tag}`;
    const titleB = `司書の秘密${tag}`;
    const projectA = await apiProject(request, founderA, { title: titleA });
    const projectB = await apiProject(request, founderB, { title: titleB });
    await apiEditorInCharge(request, founderA, editor, projectA);
    await apiEditorInCharge(request, founderB, editor, projectB);
    // A: check deadline in 30 days; its one step due 28 days ahead (the buffer of 2 days).
    const onTime = await apiChapterInProduction(request, { founder: founderA, editor }, projectA, '第3話', [
      { posId: 2, owner: founderA },
    ]);
    // B: its check deadline moved to yesterday, work still open: late.
    const late = await apiChapterInProduction(request, { founder: founderB, editor }, projectB, '第4話', [
      { posId: 2, owner: founderB },
    ]);
    await apiCall(request, founderB.token, contract.chapters.update, {
      projectId: projectB,
      chapterId: late.chapterId,
      title: '第4話',
      icon: await uploadCover(request, founderB.token),
      scriptAt: tokyoDay(-1),
      checkAt: tokyoDay(-1),
    });

    await logIn(page, editor.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: size.width, height: size.height });

    // From the dashboard's forecasts to the timeline.
    await page.getByRole('link', { name: '担当作品の進行表を開く' }).click();
    await expect(page).toHaveURL('/editorTimeline');
    await expect(page.getByRole('heading', { name: '担当作品の進行表', level: 1 })).toBeVisible();
    const chart = page.getByRole('region', { name: '担当作品の話数ごとの進行表' });
    const rows = chart.locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`「${titleB}」第4話`);
    // Late, and its step past the due day the moved deadline planned for it: both said.
    await expect(rows.nth(0).getByText('遅延・期日超過1件', { exact: true })).toBeVisible();
    await expect(rows.nth(0)).toContainText(`校了締切 ${shownDay(-1)}`);
    await expect(rows.nth(1)).toContainText(`「${titleA}」第3話`);
    await expect(rows.nth(1).getByText('順調', { exact: true })).toBeVisible();
    await expect(rows.nth(1)).toContainText(`校了締切 ${shownDay(30)}`);
    // It opens on today, inside its own box: the page itself never scrolls sideways.
    await expect.poll(() => shownWithin(chart, chart.locator('.koma-tl-today-label'))).toBe(true);
    await settle(page);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shot(page, `editor-timeline-${size.width}`, true);
    await expectAccessible(page, `editor's timeline at ${size.width}`);

    // The on-time chapter's chart: a row per page, every due day and the check deadline on it.
    await rows
      .nth(1)
      .getByRole('link', { name: `「${titleA}」第3話のスケジュールを開く` })
      .click();
    await expect(page).toHaveURL(`/chapter/schedule?projectId=${projectA}&chapterId=${onTime.chapterId}`);
    const plan = page.getByRole('region', { name: 'ページごとの工程と期日の表' });
    await expect(plan.locator('tbody').getByRole('row')).toHaveCount(1);
    await expect(plan.getByRole('rowheader', { name: '1ページ' })).toBeVisible();
    // The step is due 28 days ahead, the check deadline 30: in December, January days.
    await expect(plan.locator('.koma-sch-bar').filter({ hasText: 'メイン作画' })).toContainText(
      `期日 ${shownDay(28)}`,
    );
    await expect(plan.locator(`[data-day="${tokyoDay(28)}"]`)).toHaveCount(1);
    await expect(plan.locator(`[data-day="${tokyoDay(30)}"]`)).toHaveClass(/koma-sch-day-check/);
    // Opened on today: today's column is in view, within the chart's own box.
    const today = plan.locator(`[data-day="${tokyoDay(0)}"]`);
    await expect(today).toHaveClass(/koma-sch-day-today/);
    await expect.poll(() => shownWithin(plan, today)).toBe(true);
    await settle(page);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shot(page, `editor-chapter-chart-${size.width}`, true);
    // And the due day 28 days ahead is reached by scrolling the chart, not the page.
    await plan.evaluate((box) => {
      box.scrollLeft = box.scrollWidth;
    });
    await expect.poll(() => shownWithin(plan, plan.locator(`[data-day="${tokyoDay(30)}"]`))).toBe(true);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
