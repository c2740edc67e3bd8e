import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, toast, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, solidPng, workPageRow } from '../support/production.js';
import { apiJoin, apiProject, detailsPath, tokyoDay } from '../support/projects.js';
import {
  apiChapterInProduction,
  apiHandIn,
  apiRenditionStatuses,
  apiStartFirstStep,
} from '../support/workflow.js';

test.use({ reducedMotion: 'reduce' });

/**
 * The print specification and the preflight (docs/print.md): the founder sets 単行本 B6, and a
 * page handed in at the wrong size and in colour shows its errors, with the reasons, on the page list.
 */
test('the founder sets 単行本 B6; a page of the wrong size shows why on the page list and stops the final audit', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const [founder, editor, artist] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `入稿${tag}` });
  await apiCall(request, founder.token, contract.recruitment.add, {
    kind: 1,
    projectId,
    stime: tokyoDay(),
    etime: tokyoDay(14),
    positions: [{ position_id: 2, num: 1 }],
    condition: '',
  });
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 2, owner: artist }],
  );
  const stepId = await apiStartFirstStep(request, { founder, artist }, { projectId, chapterId, pageId });
  await apiHandIn(request, artist, projectId, stepId, solidPng([200, 80, 40], 600, 850), 'p1.png');
  await apiCall(request, founder.token, contract.workflow.pass, { projectId, workflowStepId: stepId });
  await expect
    .poll(() => apiRenditionStatuses(request, founder.token, { projectId, chapterId }), { timeout: 30_000 })
    .toEqual([['ready', 'ready']]);

  await logIn(page, founder.email);
  await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=4'));
  await expect(page.getByText('印刷仕様は未設定です')).toBeVisible();
  // The form starts from 単行本 B6, モノクロ2階調, 600 dpi.
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '印刷仕様を保存しました')).toBeVisible();
  await expect(page.getByText('単行本 B6 · 仕上がり 128×182mm')).toBeVisible();

  await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
  const badge = workPageRow(page, 1).getByRole('button', { name: /1ページ: エラー 2/ });
  await expect(badge).toBeVisible();
  await badge.click();
  const reasons = page.getByRole('tooltip').or(page.locator('.ant-popover'));
  await expect(reasons.getByText('画像サイズが 600×850px です。仕様では 3165×4441px')).toBeVisible();
  await expect(reasons.getByText(/RGB カラーのファイルです/)).toBeVisible();
  // The same reasons in the chapter's list for the final audit.
  const list = page.getByRole('region', { name: '入稿チェック' });
  await expect(list.getByText('エラー 2件・警告 2件')).toBeVisible();

  // The final audit: the confirmation names the warnings; the errors still stop the request until
  // they are fixed or the editor in charge accepts them.
  await page.getByRole('button', { name: '校了申請' }).click();
  const dialog = page.getByRole('dialog', { name: '編集者に校了を申請しますか？' });
  await expect(dialog.getByText(/入稿チェックの警告 2件を確認しました/)).toBeVisible();
  await dialog.getByRole('button', { name: '校了申請', exact: true }).click();
  // An error is told in a message (lib/feedback.ts toastError), not a notification.
  await expect(page.locator('.ant-message').getByText(/入稿チェックにエラーがあります/)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '編集者承認待ち' })).toHaveCount(0);
});
