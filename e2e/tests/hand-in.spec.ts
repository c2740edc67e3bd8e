import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { greyPsd, greyTiff } from '../support/page-files.js';
import { apiPerson, type Person, uniqueTag } from '../support/people.js';
import {
  apiEditorInCharge,
  chooseFile,
  handInDialog,
  openSteps,
  solidPng,
  stepRow,
  submitHandIn,
  workPageRow,
} from '../support/production.js';
import {
  apiJoin,
  apiProject,
  apiRecruit,
  otherContext,
  settle,
  tokyoDay,
  uploadCover,
} from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction, apiRenditionStatuses } from '../support/workflow.js';

/**
 * A hand-in looks first (issue 30): the assistant chooses a file and sees it, who will approve it
 * and the red-pen marks still open before it goes; the founder, who approves, reads it as theirs
 * and is told how many resolved marks wait for confirmation. Storyboards take several files.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const BACKGROUNDS = '背景デザイン';

interface Setting {
  projectId: number;
  chapterId: number;
  pageId: number;
  stepId: number;
}

/** Waits until every revision of the chapter has its renditions (marks are drawn on them). */
async function renditionsReady(
  request: APIRequestContext,
  who: Person,
  at: { projectId: number; chapterId: number },
) {
  await expect
    .poll(async () => (await apiRenditionStatuses(request, who.token, at)).flat(), { timeout: 30_000 })
    .not.toContain('pending');
}

/** The founder marks the handed-in revision twice and sends it back; the assistant resolves one. */
async function marksAndSendBack(request: APIRequestContext, founder: Person, assistant: Person, s: Setting) {
  await renditionsReady(request, founder, s);
  const viewer = await apiCall(request, founder.token, contract.workflow.viewer, s);
  const revisionId = viewer.pages[0]?.revisions.find((r) => r.kind === 'step')?.id as number;
  const ids: number[] = [];
  for (const comment of ['線が途切れています', '窓の位置を揃えてください']) {
    const mark = await apiCall(request, founder.token, contract.marks.add, {
      projectId: s.projectId,
      pageId: s.pageId,
      revisionId,
      shape: { type: 'rect', x: 10, y: 10, w: 40, h: 30 },
      comment,
    });
    ids.push(mark.id);
  }
  await apiCall(request, founder.token, contract.workflow.reject, {
    projectId: s.projectId,
    workflowStepId: s.stepId,
    remark: '赤入れの2か所を直してください',
    filePath: '',
  });
  await apiCall(request, assistant.token, contract.marks.resolve, {
    projectId: s.projectId,
    markId: ids[0] as number,
    state: 'open',
  });
}

async function openWork(page: Page, s: Setting) {
  await page.goto(`/chapter/details?projectId=${s.projectId}&chapterId=${s.chapterId}`);
  await expect(workPageRow(page, 1)).toBeVisible();
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the assistant sees the file, its approver and the open marks before handing in; the approver approves (${size.width} px)`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const tag = uniqueTag();
    const [founder, editor, assistant] = await Promise.all([
      apiPerson(request, 'creator', { nickname: `桜井${tag}`, welcomeClosed: true }),
      apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
      apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
    ]);
    const projectId = await apiProject(request, founder, { title: `提出の街${tag}` });
    await apiRecruit(request, founder, projectId, [5]);
    await apiJoin(request, founder, assistant, projectId, 5);
    await apiEditorInCharge(request, founder, editor, projectId);
    const { chapterId, pageId } = await apiChapterInProduction(
      request,
      { founder, editor },
      projectId,
      `第1話${tag}`,
      [{ posId: 5, owner: assistant }],
    );
    const detail = await apiCall(request, founder.token, contract.workflow.page, {
      projectId,
      chapterId,
      pageId,
    });
    const stepId = detail.steps[0]?.step_id as number;
    await apiCall(request, assistant.token, contract.workflow.start, { projectId, workflowStepId: stepId });
    const s = { projectId, chapterId, pageId, stepId };
    const w = size.width;

    // ── The assistant chooses a PNG: the dialog shows it and who will approve it. ──
    const context = await otherContext(browser, baseURL);
    try {
      const aPage = await context.newPage();
      await aPage.setViewportSize(size);
      await logIn(aPage, assistant.email);
      await expect(aPage).toHaveURL(/\/dashboard$/);
      await openWork(aPage, s);
      let steps = await openSteps(aPage, 1);
      const row = stepRow(steps, BACKGROUNDS);
      await expect(row).toContainText('作業中');
      const upload = row.getByRole('button', { name: 'アップロード', exact: true });
      await chooseFile(aPage, upload, { name: 'p1-bg.png', buffer: solidPng([90, 120, 200], 120, 170) });
      const dialog = handInDialog(aPage, BACKGROUNDS);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('img', { name: 'p1-bg.pngのプレビュー' })).toBeVisible();
      await expect(dialog).toContainText('p1-bg.png');
      await expect(dialog).toContainText('承認する人');
      await expect(dialog).toContainText(`${founder.nickname}さん`);
      await expect(dialog).toContainText('未対応の赤入れはありません。');
      await settle(aPage);
      await expectAccessible(aPage, `hand-in dialog at ${w} px`);
      expect(await sidewaysScroll(aPage), 'the dialog fits the window').toBeLessThanOrEqual(0);
      await shot(aPage, `hand-in-dialog-${w}`);
      // Nothing goes before 提出する: cancelled, the step is still in progress.
      await dialog.getByRole('button', { name: 'キャンセル' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('作業中');

      // ── A PSD: the browser cannot show it, so its type stands in; it is handed in. ──
      await chooseFile(aPage, upload, {
        name: 'p1-bg.psd',
        buffer: greyPsd(120, 170, 200),
        mimeType: 'image/vnd.adobe.photoshop',
      });
      await expect(dialog).toContainText('PSDファイル（プレビューなし）');
      await expect(dialog.getByRole('img', { name: 'p1-bg.psdのプレビュー' })).toHaveCount(0);
      await submitHandIn(aPage, BACKGROUNDS);
      await expect(row).toContainText('承認待ち');
      await expect(row).toContainText(`承認: ${founder.nickname}`);

      // ── Marked and sent back; the assistant resolves one mark, then hands in the fix. ──
      await marksAndSendBack(request, founder, assistant, s);
      await openWork(aPage, s);
      steps = await openSteps(aPage, 1);
      await expect(stepRow(steps, BACKGROUNDS)).toContainText('差し戻し');
      await chooseFile(
        aPage,
        stepRow(steps, BACKGROUNDS).getByRole('button', { name: 'アップロード', exact: true }),
        { name: 'p1-bg-fix.tif', buffer: greyTiff(120, 170, 180), mimeType: 'image/tiff' },
      );
      await expect(dialog).toContainText('TIFファイル（プレビューなし）');
      await expect(dialog).toContainText(
        '未対応の赤入れが1件あります。提出する前に、赤入れを対応済みにするか返信してください。',
      );
      await expect(dialog.getByRole('link', { name: 'ビューアで赤入れを見る' })).toHaveAttribute(
        'href',
        new RegExp(`/chapter/viewer\\?projectId=${projectId}&chapterId=${chapterId}&page=1`),
      );
      await expect(dialog.getByRole('button', { name: '提出する', exact: true })).toHaveCount(0);
      await shot(aPage, `hand-in-open-marks-${w}`);
      await dialog.getByRole('button', { name: 'このまま提出する' }).click();
      await expect(dialog).toBeHidden();
      await expect(stepRow(steps, BACKGROUNDS)).toContainText('承認待ち');
    } finally {
      await context.close();
    }

    // ── The founder reads it as theirs and approves, told of the marks still to confirm. ──
    await page.setViewportSize(size);
    await logIn(page, founder.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openWork(page, s);
    await expect(workPageRow(page, 1)).toContainText('あなたの承認待ち');
    const fSteps = await openSteps(page, 1);
    await expect(stepRow(fSteps, BACKGROUNDS)).toContainText('あなたの承認待ち');
    await expect(stepRow(fSteps, BACKGROUNDS)).not.toContainText('担当外');
    await stepRow(fSteps, BACKGROUNDS)
      .getByRole('button', { name: `${BACKGROUNDS}を承認` })
      .click();
    const ask = page.getByRole('dialog', { name: '未対応の赤入れが1件あります。承認しますか？' });
    await expect(ask).toContainText(`「${BACKGROUNDS}」の作業を承認しますか？`);
    await expect(ask).toContainText('対応済みで未確認の赤入れが1件あります。');
    await shot(page, `approve-confirm-marks-${w}`);
    await ask.getByRole('button', { name: '承認', exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(stepRow(fSteps, BACKGROUNDS)).toContainText('完了');

    // The assistant hears who approved it.
    const notices = await apiCall(request, assistant.token, contract.notices.list, {});
    expect(notices.notices.map((n) => n.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^${founder.nickname}さんが.*${BACKGROUNDS}を承認しました$`)),
    );
  });
}

test('a storyboard takes several files at once, PSD and TIFF among them, in name order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `まとめの街${tag}` });
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: `第1話${tag}`,
    page: '1',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/chapter/script?projectId=${projectId}&chapterId=${chapterId}`);
  const grid = page.getByRole('list', { name: 'ネームのページ一覧' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'まとめてアップロード' }).click();
  await (await chooser).setFiles([
    { name: 'p10.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: greyPsd(120, 170, 60) },
    { name: 'p2.tif', mimeType: 'image/tiff', buffer: greyTiff(120, 170, 120) },
    { name: 'p1.png', mimeType: 'image/png', buffer: solidPng([200, 200, 200], 120, 170) },
    { name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('台詞メモ') },
  ]);
  const progress = page.getByRole('list', { name: 'まとめてアップロードの状況' });
  const item = (name: string) => progress.getByRole('listitem').filter({ hasText: name });
  for (const name of ['p1.png', 'p2.tif', 'p10.psd']) await expect(item(name)).toContainText('完了');
  await expect(item('memo.txt').getByRole('alert')).toContainText('失敗');
  // The empty page takes the first file; the others are new pages after it, in name order.
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('全 3 ページ')).toBeVisible();
  await shot(page, 'storyboard-batch-1366');
  const pages = await apiCall(request, founder.token, contract.pages.list, { projectId, chapterId });
  const links = await Promise.all(
    pages.list.map((p) => apiCall(request, founder.token, contract.pages.link, { projectId, pageId: p.id })),
  );
  expect(links.map((l) => l.downloadUrl.split('?')[0]?.split('.').pop())).toEqual(['png', 'tif', 'psd']);
});
