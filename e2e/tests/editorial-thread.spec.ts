import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, bell, uniqueTag } from '../support/people.js';
import { apiEditorInCharge } from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, otherContext, tokyoDay, uploadCover } from '../support/projects.js';
import { buttonsOutside, shot, sidewaysScroll } from '../support/screen-checks.js';

/**
 * A chapter's private editorial thread (issue 40 #3, docs/notices.md "The editorial thread"): the
 * editor in charge writes from her phone, the founder is told, reads it at her desk and answers;
 * the 副担当 the editor seated reads both; an assistant of the project has no way in, and the API
 * refuses them.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const AUDIENCE = 'このスレッドは作成者と編集部だけが読めます。アシスタントやほかのメンバーには見えません。';
const threadDrawer = (page: Page) => page.getByRole('dialog', { name: /^編集部とのスレッド/ });
const entry = (page: Page) => page.getByRole('button', { name: '編集部とのスレッド' });

test('the editor writes in the thread, the founder is told, reads and answers, her 副担当 reads it; an assistant cannot see it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const [founder, editor, assistant, deputy] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `副担${tag}`, welcomeClosed: true }),
  ]);
  const title = `夜の図書館${tag}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [5]);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  // The editor in charge seats a 副担当 (docs/access.md, "Editorial seats"), who accepts.
  await apiCall(request, editor.token, contract.seats.invite, { projectId, userId: deputy.id, seat: 4 });
  const [offer] = (await apiCall(request, deputy.token, contract.invitations.mine, undefined)).list;
  await apiCall(request, deputy.token, contract.invitations.answer, {
    invitationId: offer?.id as number,
    accept: true,
  });
  const chapterTitle = `第3話${tag}`;
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: chapterTitle,
    page: '4',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const chapterPath = `/chapter/details?projectId=${projectId}&chapterId=${chapterId}`;

  // The editor, on her phone: the entry on the chapter's screen, the audience said first.
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, editor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(chapterPath);
  await expect(entry(page)).toBeVisible();
  expect((await entry(page).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await entry(page).click();
  const drawer = threadDrawer(page);
  await expect(drawer.getByText(AUDIENCE)).toBeVisible();
  await expect(drawer.getByText('まだ書き込みはありません', { exact: false })).toBeVisible();
  await drawer
    .getByRole('textbox', { name: 'メッセージ' })
    .fill('ネームの締切を一週間延ばせます。\n来週の火曜でいかがですか');
  await drawer.getByRole('button', { name: '送信' }).click();
  const posts = drawer.getByRole('list', { name: '書き込み一覧' });
  await expect(posts.getByText('来週の火曜でいかがですか', { exact: false })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await buttonsOutside(page)).toEqual([]);
  await shot(page, 'editorial-thread-390');

  // The founder, at her desk: told in the bell; the notice opens the thread.
  const desk = await (await otherContext(browser, baseURL)).newPage();
  await desk.setViewportSize({ width: 1366, height: 900 });
  await logIn(desk, founder.email);
  await expect(desk).toHaveURL(/\/dashboard$/);
  await bell(desk).click();
  await desk
    .getByRole('dialog', { name: 'お知らせ' })
    .getByRole('link', {
      name: `${editor.nickname}さんが「${title}」${chapterTitle}の編集部とのスレッドに書き込みました`,
    })
    .click();
  await expect(desk).toHaveURL(new RegExp(`chapterId=${chapterId}&thread=open`));
  const deskDrawer = threadDrawer(desk);
  await expect(deskDrawer.getByText(AUDIENCE)).toBeVisible();
  await expect(deskDrawer.getByText('ネームの締切を一週間延ばせます。', { exact: false })).toBeVisible();
  await deskDrawer
    .getByRole('textbox', { name: 'メッセージ' })
    .fill('火曜で大丈夫です。ありがとうございます');
  await deskDrawer.getByRole('button', { name: '送信' }).click();
  await expect(deskDrawer.getByText('火曜で大丈夫です。ありがとうございます')).toBeVisible();
  expect(await sidewaysScroll(desk)).toBeLessThanOrEqual(0);
  await shot(desk, 'editorial-thread-1366');
  // The editor's open thread follows live.
  await expect(posts.getByText('火曜で大丈夫です。ありがとうございます')).toBeVisible();
  await desk.context().close();

  // The 副担当 she seated reads the thread on her phone.
  const seat = await (await otherContext(browser, baseURL)).newPage();
  await seat.setViewportSize({ width: 390, height: 844 });
  await logIn(seat, deputy.email);
  await expect(seat).toHaveURL(/\/dashboard$/);
  await seat.goto(chapterPath);
  await entry(seat).click();
  await expect(threadDrawer(seat).getByText(AUDIENCE)).toBeVisible();
  await expect(threadDrawer(seat).getByText('火曜で大丈夫です。ありがとうございます')).toBeVisible();
  await expect(
    threadDrawer(seat).getByText('ネームの締切を一週間延ばせます。', { exact: false }),
  ).toBeVisible();
  await seat.context().close();

  // The assistant: the chapter's screen without the entry; the API refuses the thread.
  const helper = await (await otherContext(browser, baseURL)).newPage();
  await logIn(helper, assistant.email);
  await expect(helper).toHaveURL(/\/dashboard$/);
  await helper.goto(`${chapterPath}&thread=open`);
  await expect(helper.getByRole('heading', { level: 1, name: chapterTitle })).toBeVisible();
  await expect(entry(helper)).toHaveCount(0);
  await expect(threadDrawer(helper)).toHaveCount(0);
  await expect(helper.getByText('火曜で大丈夫です', { exact: false })).toHaveCount(0);
  for (const [endpoint, body] of [
    [contract.editorialThread.list, { projectId, chapterId }],
    [contract.editorialThread.add, { projectId, chapterId, content: 'のぞき見' }],
  ] as const) {
    const res = await request.post(endpoint.path, { headers: { token: assistant.token }, data: body });
    expect(res.status()).toBe(403);
  }
  await helper.context().close();
});
