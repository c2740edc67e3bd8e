import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, type Person, selectBox, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, type Box, boxedPng } from '../support/production.js';
import { apiProject, tokyoDay, uploadCover } from '../support/projects.js';
import { apiMark } from '../support/workflow.js';

/**
 * Issue 40 (#4, #5, #13): a storyboard page replaced by the founder keeps the version the editor
 * marked; she compares the two, finds her mark carried over, closes the viewer back to the name,
 * and approves the whole 8-page name with one confirmed action.
 */
test.use({ reducedMotion: 'reduce' });

const INK: [number, number, number] = [20, 20, 20];
const PAPER: [number, number, number] = [250, 250, 250];
const PANEL: Box = { x: 40, y: 40, width: 520, height: 12, rgb: INK };
const FIGURE: Box = { x: 200, y: 300, width: 160, height: 220, rgb: INK };
const FIRST = boxedPng(PAPER, 600, 850, [PANEL]);
const SECOND = boxedPng(PAPER, 600, 850, [PANEL, FIGURE]);
const PAGES = 8;

async function uploadPage(
  request: APIRequestContext,
  who: Person,
  projectId: number,
  pageId: number,
  file: Buffer,
) {
  const res = await request.post(contract.pages.upload.path, {
    headers: { token: who.token },
    multipart: {
      projectId: String(projectId),
      pageId: String(pageId),
      file: { name: 'name.png', mimeType: 'image/png', buffer: file },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The founder's 8-page name, marked and sent back by the editor, page 1 replaced and handed in again. */
async function replacedName(request: APIRequestContext, tag: string) {
  const [founder, editor] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
  ]);
  const project = `灯台守${tag}`;
  const chapter = `第1話 霧笛${tag}`;
  const projectId = await apiProject(request, founder, { title: project });
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: chapter,
    page: String(PAGES),
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const pages = await apiCall(request, founder.token, contract.pages.list, { projectId, chapterId });
  const pageIds = pages.list.map((p) => p.id);
  const pageId = pageIds[0] as number;
  for (const id of pageIds) await uploadPage(request, founder, projectId, id, FIRST);
  await apiCall(request, founder.token, contract.chapters.submitNames, { projectId, chapterId });
  const viewer = await apiCall(request, editor.token, contract.workflow.viewer, { projectId, chapterId });
  const marked = viewer.pages[0]?.revisions[0]?.id as number;
  await apiMark(request, editor, { projectId, pageId, revisionId: marked }, '表情を硬く');
  await apiCall(request, editor.token, contract.pages.check, {
    projectId,
    pageId,
    checkStatus: 2,
    remark: '視線を直してください',
  });
  await apiCall(request, editor.token, contract.chapters.checkNames, {
    projectId,
    chapterId,
    checkStatus: 2,
    chapterNote: '1ページ目を直してください',
  });
  await uploadPage(request, founder, projectId, pageId, SECOND);
  await apiCall(request, founder.token, contract.chapters.submitNames, { projectId, chapterId });
  await expect
    .poll(
      async () => {
        const data = await apiCall(request, editor.token, contract.workflow.viewer, { projectId, chapterId });
        return data.pages[0]?.revisions.map((r) => r.renditions.status);
      },
      { timeout: 30_000 },
    )
    .toEqual(['ready', 'ready']);
  return { founder, editor, projectId, chapterId, project, chapter };
}

const scriptUrl = (projectId: number, chapterId: number) =>
  `/chapter/script?projectId=${projectId}&chapterId=${chapterId}`;

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the editor compares a replaced storyboard page with the version she marked and approves the whole name (${size.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const tag = uniqueTag();
    const { editor, projectId, chapterId, project, chapter } = await replacedName(request, tag);
    await logIn(page, editor.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(scriptUrl(projectId, chapterId));

    // Page 1 keeps both versions: its history lists them, the one she marked with her mark.
    await page.getByRole('button', { name: '1ページの版の履歴' }).click();
    const history = page.getByRole('dialog', { name: '1ページの版の履歴' });
    const versions = history.getByRole('list', { name: '1ページの版の履歴' }).getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('第2版');
    await expect(versions.nth(0)).toContainText('最新');
    await expect(versions.nth(1)).toContainText('第1版');
    await expect(versions.nth(1)).toContainText('赤入れ：未対応 1・対応済み 0・確認済み 0');
    await noSideScroll(page, size.width);

    // 前の版と比較: the viewer compares the two side by side, as step revisions are compared.
    await history.getByRole('button', { name: '第2版を第1版と比較' }).click();
    const viewer = page.getByRole('dialog', { name: `${project}／${chapter}` });
    const compare = viewer.getByRole('region', { name: '比較' });
    await expect(compare).toBeVisible();
    await expect(page).toHaveURL(/compare=\d+&mode=side/);
    await expect(selectBox(page, '比較元の版')).toContainText('ネーム 第1版');
    await expect(selectBox(page, '比較する版')).toContainText('ネーム 第2版');
    await expect(compare.locator('.koma-compare-side canvas')).toHaveCount(2);
    // Onion skin and difference work on the storyboard too.
    await compare.getByText('差分', { exact: true }).click();
    await expect(compare.getByLabel('変更されたピクセル')).toHaveText(
      /^変更されたピクセル：[\d,]+（[\d.]+%）$/,
      {
        timeout: 20_000,
      },
    );
    await noSideScroll(page, size.width);

    // On the new version her mark is carried over, still open, where she drew it.
    await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
    await expect(viewer.locator('.koma-deep-zoom canvas')).toBeVisible();
    // The panel stands open beside the page on a wide screen; on a phone the 赤入れ button opens it.
    const marksButton = viewer.getByRole('button', { name: /^赤入れ/ });
    if ((await marksButton.getAttribute('aria-pressed')) !== 'true') await marksButton.click();
    await expect(page.getByText('前の版からの赤入れ')).toBeVisible();
    await expect(page.getByText('表情を硬く')).toBeVisible();

    // Opened from a link (nothing to go back to), 閉じる leads to the name under review, not the
    // work screen (#13).
    await page.getByRole('button', { name: '閉じる', exact: true }).first().click();
    await expect(page).toHaveURL(/\/chapter\/script\?/);

    // 差し戻す on a page asks why first; cancelled, nothing changes.
    await page.getByRole('button', { name: '2ページを差し戻す' }).click();
    const reason = page.getByRole('dialog', { name: '2ページを差し戻す' });
    await expect(reason).toBeVisible();
    await reason.getByRole('button', { name: 'キャンセル' }).click();
    await expect(reason).toBeHidden();

    // 全ページ承認: one action, after a summary of what it approves.
    const approveAll = page.getByRole('button', { name: '全ページ承認' });
    await approveAll.scrollIntoViewIfNeeded();
    const box = await approveAll.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(size.width);
    if (size.width < 600) expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await approveAll.click();
    const confirm = page.getByRole('dialog', { name: '全ページを承認しますか？' });
    await expect(confirm).toContainText('8ページ中 8ページを承認し、ネームを承認します。');
    await expect(confirm).toContainText('赤入れ：未対応 1・対応済み 0・確認済み 0');
    await confirm.getByRole('button', { name: '承認する', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(approveAll).toHaveCount(0);

    const pages = await apiCall(request, editor.token, contract.pages.list, { projectId, chapterId });
    expect(pages.chapter.status).toBe(2);
    expect(pages.list.map((p) => p.status)).toEqual(Array(PAGES).fill(4));
  });
}
