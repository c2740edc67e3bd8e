import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, expectTodos, solidPng, todoTile } from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, tokyoDay } from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction, apiHandIn, apiMark } from '../support/workflow.js';

/**
 * Numbers that agree (issue 30), as the founder sees them: three pages handed in are three steps
 * to approve, each row with the step's own due day; the marks to confirm are counted as marks on
 * the tile, in the dialog and in the viewer; a storyboard card says its marks, not only comments.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const BACKGROUNDS = '背景デザイン';
const PAGE = solidPng([230, 230, 230], 600, 850);

const slashed = (day: string) => day.replaceAll('-', '/');

async function openTodo(page: Page, tile: string, count: number) {
  await todoTile(page, tile).click();
  const dialog = page.getByRole('dialog', { name: `${tile}（${count}件）` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the founder’s tiles, dialogs, viewer and storyboard cards count the same steps and marks', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor, assistant] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
  ]);
  const title = `数の森${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId, pageIds } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 5, owner: assistant }],
    { pageCount: 3, pageImage: PAGE },
  );
  // The assistant hands in all three pages; their steps are due in 2, 4 and 6 days (校了 in 30).
  const dues = [tokyoDay(2), tokyoDay(4), tokyoDay(6)];
  for (const [i, pageId] of pageIds.entries()) {
    const detail = await apiCall(request, founder.token, contract.workflow.page, {
      projectId,
      chapterId,
      pageId,
    });
    const stepId = detail.steps[0]?.step_id as number;
    await apiCall(request, assistant.token, contract.workflow.start, { projectId, workflowStepId: stepId });
    await apiHandIn(request, assistant, projectId, stepId, PAGE);
    await apiCall(request, founder.token, contract.schedule.moveDue, {
      projectId,
      chapterId,
      stepId,
      dueOn: dues[i] as string,
    });
  }
  // The founder marks page 1 twice and page 2 once; the assistant resolves all three. The editor
  // marks the storyboard of page 3 twice: open marks on the founder's storyboard page.
  const viewer = await apiCall(request, founder.token, contract.workflow.viewer, { projectId, chapterId });
  const revision = (i: number, kind: 'script' | 'step') =>
    viewer.pages[i]?.revisions.find((r) => r.kind === kind)?.id as number;
  const marks: number[] = [];
  for (const [i, n] of [
    [0, 2],
    [1, 1],
  ] as const)
    for (let k = 0; k < n; k++)
      marks.push(
        await apiMark(
          request,
          founder,
          {
            projectId,
            pageId: pageIds[i] as number,
            revisionId: revision(i, 'step'),
          },
          'トーンを濃く',
        ),
      );
  for (const markId of marks)
    await apiCall(request, assistant.token, contract.marks.resolve, { projectId, markId, state: 'open' });
  for (let k = 0; k < 2; k++)
    await apiMark(
      request,
      editor,
      {
        projectId,
        pageId: pageIds[2] as number,
        revisionId: revision(2, 'script'),
      },
      '台詞を大きく',
    );

  // ── The dashboard at 1366: one tile a kind of work, counted in the unit its title names. ──
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectTodos(page, { 作業の承認依頼: 3, 赤入れの確認: 3, 未対応の赤入れ: 2 });

  // 作業の承認依頼: three rows, a step each, with its own due day and the time left until it.
  const approval = await openTodo(page, '作業の承認依頼', 3);
  await expect(approval.getByRole('columnheader', { name: '作業の締め切り' })).toBeVisible();
  await expect(approval.getByRole('columnheader', { name: '校了締め切り' })).toHaveCount(0);
  for (const [i, due] of dues.entries()) {
    const row = approval.getByRole('row').filter({ hasText: `${i + 1}ページ・${BACKGROUNDS}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(slashed(due));
    await expect(row).toContainText(new RegExp(`${2 * (i + 1)}日\\d+時間`));
    await expect(row).not.toContainText(slashed(tokyoDay(30)));
  }
  await shot(page, 'todo-counts-approval-1366');
  await approval.getByRole('button', { name: '閉じる' }).last().click();
  await expect(approval).toBeHidden();

  // 赤入れの確認: three marks on two pages, the rows adding up to the tile.
  const toConfirm = await openTodo(page, '赤入れの確認', 3);
  await expect(
    toConfirm.getByRole('row').filter({ hasText: '1ページに確認待ちの赤入れが2件あります' }),
  ).toHaveCount(1);
  await expect(
    toConfirm.getByRole('row').filter({ hasText: '2ページに確認待ちの赤入れが1件あります' }),
  ).toHaveCount(1);
  await shot(page, 'todo-counts-marks-1366');
  // 処理へ leads to page 1 in the viewer, whose panel counts the same two marks.
  await toConfirm
    .getByRole('row')
    .filter({ hasText: '1ページに確認待ちの赤入れが2件あります' })
    .getByRole('button', { name: '処理へ' })
    .click();
  const panel = page.getByRole('complementary', { name: '赤入れ' });
  await expect(panel.getByText('未対応 0・対応済み 2・確認済み 0')).toBeVisible({ timeout: 30_000 });

  // The storyboard card of page 3 says its two open marks, not only its comments.
  await page.goto(`/chapter/script?projectId=${projectId}&chapterId=${chapterId}`);
  const card = (num: number) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `${num}ページ`, exact: true }) });
  await expect(card(3)).toContainText('赤入れ：未対応 2・対応済み 0・確認済み 0');
  await expect(card(3)).toContainText('コメント 0 件');
  await expect(card(1)).not.toContainText('赤入れ：');
  await shot(page, 'todo-counts-storyboard-1366');

  // ── On a phone: the same numbers, and nothing scrolls sideways. ──
  await page.setViewportSize({ width: 390, height: 844 });
  await expectTodos(page, { 作業の承認依頼: 3, 赤入れの確認: 3, 未対応の赤入れ: 2 });
  const onPhone = await openTodo(page, '作業の承認依頼', 3);
  // On a phone each item is a card (issue 40 #6).
  await expect(onPhone.getByRole('listitem').filter({ hasText: `1ページ・${BACKGROUNDS}` })).toContainText(
    slashed(dues[0] as string),
  );
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'todo-counts-approval-390');
  await onPhone.getByRole('button', { name: '閉じる' }).last().click();
  const open = await openTodo(page, '未対応の赤入れ', 2);
  await expect(
    open.getByRole('listitem').filter({ hasText: '3ページに未対応の赤入れが2件あります' }),
  ).toHaveCount(1);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});
