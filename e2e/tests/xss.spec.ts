import { contract } from '@koma/shared/contract';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { XSS_CORPUS, XSS_FILE_NAMES, XSS_URLS } from '../../apps/server/src/test/xss-corpus.js';
import { apiCall } from '../support/api.js';
import { apiPerson, bell, type Person, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, solidPng, todoTile } from '../support/production.js';
import { apiApply, apiJoin, apiProject, detailsPath, otherContext, tokyoDay } from '../support/projects.js';
import { apiChapterInProduction, apiStartFirstStep } from '../support/workflow.js';
import { armContext, expectNothingRan, signInWithToken, watchPage, type XssWatch } from '../support/xss.js';

/**
 * XSS (issue 7): hostile text typed by users — nicknames, profile texts, project title and summary,
 * chapter title, page notes, board posts, comments, recruitment texts, application and friend
 * messages, rejection reasons, folder and file names — is shown on every screen that shows it,
 * literally, and nothing runs: no payload sets window.__xss, no dialog opens. CSP violations are
 * recorded (a blocked attempt is fine, and none is expected since nothing is rendered as HTML).
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const C = XSS_CORPUS as string[];
const at = (i: number) => C[i % C.length] as string;
/** Several payloads in one multi-line text (board posts, notes, summaries take up to 1,000). */
const many = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => at(from + i)).join('\n');

/** Which payload goes in which field (each tagged where it must be unique in the run). */
function textsFor(tag: string) {
  return {
    founderNick: `${at(1)}${tag}`,
    editorNick: `${at(0)}${tag}`,
    artistNick: `${at(3)}${tag}`,
    strangerNick: `${at(13)}${tag}`,
    introduction: at(4),
    cartoon: at(2),
    theme: at(6),
    portfolio: XSS_URLS[0] as string,
    title: `${at(2)}${tag}`,
    summary: C.join('\n'),
    condition: many(7, 6),
    applyMessage: at(14),
    friendMessage: at(9),
    chapterTitle: `${at(5)}${tag}`,
    pageNote: many(10, 8),
    remark: many(15, 7),
    board: many(0, 12),
    folder: at(17),
    fileName: XSS_FILE_NAMES[0] as string,
    fileNote: many(18, 4),
  };
}

interface World {
  founder: Person;
  editor: Person;
  artist: Person;
  stranger: Person;
  projectId: number;
  chapterId: number;
  texts: ReturnType<typeof textsFor>;
}

async function uploadAs(request: APIRequestContext, token: string, type: number, name: string) {
  const res = await request.post(contract.uploads.upload.path, {
    headers: { token },
    multipart: { type: String(type), file: { name, mimeType: 'image/png', buffer: solidPng([200, 40, 90]) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.path as string;
}

/** Everything made through the API: the people, a project with a chapter in production, and the texts. */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const tag = uniqueTag();
  const texts = textsFor(tag);
  const [founder, editor, artist, stranger] = await Promise.all([
    apiPerson(request, 'creator', {
      nickname: texts.founderNick,
      welcomeClosed: true,
      profile: {
        introduction: texts.introduction,
        cartoon: texts.cartoon,
        theme: [texts.theme],
        introduce: texts.portfolio,
      },
    }),
    apiPerson(request, 'editor', { nickname: texts.editorNick, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: texts.artistNick, welcomeClosed: true }),
    apiPerson(request, 'creator', {
      nickname: texts.strangerNick,
      welcomeClosed: true,
      profile: { positions: [5] },
    }),
  ]);
  if (!founder || !editor || !artist || !stranger) throw new Error('no people');
  const projectId = await apiProject(request, founder, {
    title: texts.title,
    content: texts.summary,
    kind: 1,
  });
  await apiCall(request, founder.token, contract.recruitment.add, {
    kind: 1,
    projectId,
    stime: tokyoDay(),
    etime: tokyoDay(14),
    positions: [2, 5].map((position_id) => ({ position_id, num: 1 })),
    condition: texts.condition,
  });
  await apiJoin(request, founder, artist, projectId, 2);
  await apiApply(request, stranger, projectId, 5, texts.applyMessage);
  await apiEditorInCharge(request, founder, editor, projectId);
  await apiCall(request, stranger.token, contract.friends.apply, {
    toUid: founder.id,
    message: texts.friendMessage,
  });

  // A chapter whose storyboard is approved, with a note on its page, then one step in production.
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    texts.chapterTitle,
    [{ posId: 2, owner: artist }],
    { pageNote: texts.pageNote },
  );
  const workflowStepId = await apiStartFirstStep(
    request,
    { founder, artist },
    { projectId, chapterId, pageId },
  );
  for (const [i, remark] of [texts.remark, ''].entries()) {
    const filePath = await uploadAs(request, artist.token, 11, XSS_FILE_NAMES[i + 1] as string);
    await apiCall(request, artist.token, contract.workflow.commit, {
      projectId,
      workflowStepId,
      filePath,
    });
    if (remark)
      await apiCall(request, founder.token, contract.workflow.reject, {
        projectId,
        workflowStepId,
        remark,
      });
  }

  // The workspace: a board post, a folder with a file and a comment on it.
  await apiCall(request, founder.token, contract.board.add, { projectId, content: texts.board });
  await apiCall(request, founder.token, contract.folders.saveDir, { projectId, dirName: texts.folder });
  const dirs = await apiCall(request, founder.token, contract.folders.dirs, {
    projectId,
  });
  const dirId = dirs.list.at(-1)?.id as number;
  const path = await uploadAs(request, founder.token, 4, texts.fileName);
  await apiCall(request, founder.token, contract.folders.addFile, {
    projectId,
    dirId,
    path,
    filename: texts.fileName,
    ext: 'png',
    size: 1,
  });
  const files = await apiCall(request, founder.token, contract.folders.files, {
    projectId,
    dirId,
  });
  const fileId = files.list[0]?.id;
  if (fileId === undefined) throw new Error('the file was not added');
  await apiCall(request, artist.token, contract.folders.addNote, {
    projectId,
    dirId,
    fileId,
    content: texts.fileNote,
  });
  return { founder, editor, artist, stranger, projectId, chapterId, texts };
}

/** A browser of its own for one person, with the traps set before the app's first script. */
async function browserOf(
  newContext: () => Promise<BrowserContext>,
  baseURL: string,
  who: Person,
  watch: XssWatch,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext();
  await armContext(context);
  await signInWithToken(context, baseURL, who.token);
  const page = await context.newPage();
  watchPage(page, watch);
  return { context, page };
}

/** The first line of a multi-line text (a screen may show a summary cut down to a line). */
const firstLine = (text: string) => text.split('\n')[0] as string;

async function expectLiteral(scope: Page | Locator, text: string, where: string): Promise<void> {
  await expect(scope.getByText(text, { exact: false }).first(), `「${text}」 on ${where}`).toBeVisible();
}

test('hostile text shows as text on every screen and nothing in it runs', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('no baseURL');
  const base: string = baseURL;
  const w = await buildWorld(request);
  const { texts, projectId, chapterId } = w;
  const watch: XssWatch = { dialogs: [], violations: [], errors: [] };
  const newContext = () => otherContext(browser, baseURL);
  const chapterQuery = `?projectId=${projectId}&chapterId=${chapterId}`;
  const contexts: BrowserContext[] = [];
  try {
    // ── The founder: dashboard, to-do dialog, bell, own profile, project tabs, workspace, chapter. ──
    const f = await browserOf(newContext, base, w.founder, watch);
    contexts.push(f.context);
    const page = f.page;
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'TODO一覧' })).toBeVisible();
    await expectLiteral(page, texts.founderNick, 'the dashboard');
    await expectLiteral(page, texts.title, 'the dashboard’s projects');
    await expectNothingRan(page, watch, 'the dashboard');

    await todoTile(page, '作業の承認依頼').click();
    const todo = page.getByRole('dialog', { name: '作業の承認依頼' });
    await expectLiteral(todo, texts.title, 'the to-do dialog');
    await expectNothingRan(page, watch, 'the to-do dialog');
    await page.keyboard.press('Escape');

    await bell(page).click();
    const panel = page.locator('.ant-popover').filter({ hasText: 'システムメッセージ' });
    await expect(panel).toBeVisible();
    await expectLiteral(panel, texts.strangerNick, 'the notices');
    // Friend requests sit in another tab of the same panel.
    for (const tab of await panel.getByRole('tab').all()) {
      await tab.click();
      await expectNothingRan(page, watch, `the notices tab ${await tab.textContent()}`);
      if (await panel.getByText(texts.friendMessage).isVisible()) break;
    }
    await expectLiteral(panel, texts.friendMessage, 'the friend requests');
    await expectNothingRan(page, watch, 'the notices');
    await page.keyboard.press('Escape');

    // The profile form, then its confirmation screen, which shows every value as text.
    await page.goto('/personalInfo/personalInfo');
    await expect(page.getByRole('textbox', { name: 'ニックネーム' })).toHaveValue(texts.founderNick);
    await expectNothingRan(page, watch, 'the profile form');
    await page.getByRole('button', { name: '確認', exact: true }).click();
    await expect(page).toHaveURL(/\/personalInfo\/personalPage/);
    for (const text of [texts.founderNick, texts.introduction, texts.cartoon, texts.theme, texts.portfolio])
      await expectLiteral(page, text, 'the profile confirmation');
    await expectNothingRan(page, watch, 'the profile confirmation');

    await page.goto(detailsPath(projectId));
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expectLiteral(page, firstLine(texts.summary), 'the project details');
    for (const tab of await page.getByRole('tab').all()) {
      if (!(await tab.isVisible())) continue;
      await tab.click();
      await page.waitForLoadState('networkidle');
      await expectNothingRan(page, watch, `the project tab ${await tab.textContent()}`);
    }
    await page.goto(detailsPath(projectId, '&activeName=projectOperate'));
    await page.getByRole('button', { name: '伝言板' }).click();
    const board = page.getByRole('dialog', { name: '伝言板' });
    for (const line of texts.board.split('\n')) await expectLiteral(board, line, 'the message board');
    await expectNothingRan(page, watch, 'the message board');
    await board.getByRole('button', { name: '閉じる' }).click();
    await page.getByRole('button', { name: `フォルダ「${texts.folder}」を開く` }).click();
    await expectLiteral(page, texts.fileName, 'the folder');
    await page.getByRole('button', { name: `「${texts.fileName}」のコメント` }).click();
    const comments = page.getByRole('dialog', { name: `コメント：${texts.fileName}` });
    for (const line of texts.fileNote.split('\n')) await expectLiteral(comments, line, 'the file comments');
    await expectNothingRan(page, watch, 'the file comments');
    await page.keyboard.press('Escape');

    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=2'));
    await expectLiteral(page, texts.chapterTitle, 'the chapter list');
    await expectNothingRan(page, watch, 'the chapter list');
    for (const screen of ['script', 'settings', 'details']) {
      await page.goto(`/chapter/${screen}${chapterQuery}`);
      await expectLiteral(page, texts.chapterTitle, `the chapter ${screen} screen`);
      await page.waitForLoadState('networkidle');
      await expectNothingRan(page, watch, `the chapter ${screen} screen`);
    }

    // ── The editor: the creator search (cards, then the profile popup) and the page notes. ──
    const e = await browserOf(newContext, base, w.editor, watch);
    contexts.push(e.context);
    await e.page.goto('/authSearch/authSearch');
    // The founder is already paired with the editor (申請状況 未申請 hides them): the artist is found.
    await e.page.getByRole('search').getByRole('textbox').first().fill(texts.artistNick.slice(0, 20));
    await e.page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
    const profileButton = e.page.getByRole('button', {
      name: `${texts.artistNick} さんのプロフィールを表示`,
    });
    await expect(profileButton.first()).toBeVisible();
    await expectLiteral(
      e.page.getByRole('region', { name: '検索結果' }),
      texts.artistNick,
      'the creator search',
    );
    await expectNothingRan(e.page, watch, 'the creator search');
    await profileButton.first().click();
    await expectLiteral(e.page.getByRole('dialog'), texts.artistNick, 'the profile popup');
    await expectNothingRan(e.page, watch, 'the profile popup');
    await e.page.keyboard.press('Escape');
    await e.page.goto(`/chapter/script${chapterQuery}`);
    await expectLiteral(e.page, texts.chapterTitle, 'the editor’s script screen');
    await e.page.waitForLoadState('networkidle');
    await expectNothingRan(e.page, watch, 'the editor’s script screen');

    // ── The artist: the bell quoting the rejection reason, the step's comments. ──
    const a = await browserOf(newContext, base, w.artist, watch);
    contexts.push(a.context);
    await a.page.goto('/dashboard');
    await bell(a.page).click();
    const artistPanel = a.page.locator('.ant-popover').filter({ hasText: 'システムメッセージ' });
    await expectLiteral(artistPanel, firstLine(texts.remark), 'the artist’s notices');
    await expectNothingRan(a.page, watch, 'the artist’s notices');
    await a.page.keyboard.press('Escape');
    await a.page.goto(`/chapter/details${chapterQuery}`);
    await expectLiteral(a.page, texts.chapterTitle, 'the artist’s chapter details');
    await a.page.waitForLoadState('networkidle');
    await expectNothingRan(a.page, watch, 'the artist’s chapter details');

    // ── The stranger's application and the founder's applicant list. ──
    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=3'));
    await page.waitForLoadState('networkidle');
    await expectLiteral(page, firstLine(texts.condition), 'the recruitment screen');
    await expectLiteral(page, texts.applyMessage, 'the applicant list');
    await expectNothingRan(page, watch, 'the recruitment screen');

    expect(watch.errors, 'uncaught page errors').toEqual([]);
    console.log(`CSP violations seen (blocked attempts): ${watch.violations.length}`);
    for (const v of watch.violations) console.log(`  ${v}`);

    // The traps themselves work: HTML injected on purpose is blocked by the CSP (and reported),
    // and a dialog opened on purpose is caught.
    const trap: XssWatch = { dialogs: [], violations: [], errors: [] };
    const probe = await browserOf(newContext, base, w.stranger, trap);
    contexts.push(probe.context);
    await probe.page.goto('/dashboard');
    await expect(probe.page.getByRole('heading', { name: 'TODO一覧' })).toBeVisible();
    await probe.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), at(1));
    await expect.poll(() => trap.violations.length).toBeGreaterThan(0);
    expect(
      await probe.page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null),
    ).toBeNull();
    await probe.page.evaluate(() => setTimeout(() => alert('trap'), 0));
    await expect.poll(() => trap.dialogs).toEqual(['alert: trap']);
  } finally {
    for (const context of contexts) await context.close();
  }
});
