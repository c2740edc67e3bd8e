import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, type Person, uniqueTag } from '../support/people.js';
import { apiEditorInCharge } from '../support/production.js';
import { apiProject, detailsPath, tokyoDay, uploadCover } from '../support/projects.js';
import { buttonsOutside, englishOnScreen, sidewaysScroll } from '../support/screen-checks.js';

/**
 * Every logged-in screen (apps/web/src/app/router.tsx, privateRoutes) as a founder, an editor and
 * an assistant, at desktop and phone width (issue 18, Done when): nothing scrolls sideways, no
 * button sits past the window's edge (issue 30), no English in ja, no serious accessibility violation.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

interface Team {
  founder: Person;
  editor: Person;
  assistant: Person;
  projectId: number;
  chapterId: number;
}

/** A founder's project with a chapter, its editor in charge and a background assistant of the chapter. */
async function team(request: Parameters<typeof apiPerson>[0]): Promise<Team> {
  const tag = uniqueTag().replace(/[a-z]/g, '');
  // Nicknames without Latin letters: the English check reads every text on screen.
  const founder = await apiPerson(request, 'creator', {
    nickname: `作家${tag}`,
    profile: { positions: [2] },
    welcomeClosed: true,
  });
  const editor = await apiPerson(request, 'editor', {
    nickname: `編集${tag}`,
    profile: {},
    welcomeClosed: true,
  });
  const assistant = await apiPerson(request, 'creator', {
    nickname: `背景${tag}`,
    profile: { positions: [6] },
    welcomeClosed: true,
  });
  const projectId = await apiProject(request, founder, { title: `星の庭${tag}` });
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: `第1話 夜明け${tag}`,
    page: '4',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  await apiEditorInCharge(request, founder, editor, projectId);
  await apiCall(request, founder.token, contract.recruitment.add, {
    kind: 2,
    projectId,
    chapterId,
    stime: tokyoDay(),
    etime: tokyoDay(14),
    positions: [{ position_id: 6, num: 1 }],
    condition: '',
  });
  const join = { projectId, kind: 2 as const, posId: 6, chapterId };
  await apiCall(request, assistant.token, contract.recruitment.apply, { ...join, message: '' });
  await apiCall(request, founder.token, contract.recruitment.accept, { ...join, userId: assistant.id });
  return { founder, editor, assistant, projectId, chapterId };
}

/** Every private route, with real ids where a route needs them. */
function routes({ projectId, chapterId }: Team): string[] {
  const chapter = `projectId=${projectId}&chapterId=${chapterId}`;
  return [
    '/dashboard',
    '/introduce',
    '/personalInfo/personalInfo',
    '/invitations',
    '/friendsList/friendsList',
    '/editoralSearch/editoralSearch',
    '/authSearch/authSearch',
    '/projectManagement/projectManagement',
    '/projectManagement/createProject',
    detailsPath(projectId),
    `/chapter/script?${chapter}`,
    `/chapter/settings?${chapter}`,
    `/chapter/details?${chapter}`,
    `/chapter/schedule?${chapter}`,
    `/chapter/viewer?${chapter}&page=1`,
    '/projectSearch/projectSearch',
    '/chapterSearch/chapterSearch',
  ];
}

/** The screen as it is now passes the three checks. */
async function check(page: Page, person: Person, where: string): Promise<void> {
  await expect(page.locator('#main-content h1').first()).toBeVisible();
  expect(await sidewaysScroll(page), `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
  expect.soft(await buttonsOutside(page), `buttons past the window's edge on ${where}`).toEqual([]);
  expect(await englishOnScreen(page, [person.email]), `English on ${where}`).toEqual([]);
  await expectAccessible(page, where);
}

/**
 * The confirmation screens hold a draft in memory only, so they are reached through their form:
 * the profile's (every role) and, for a founder, the project's.
 */
async function confirmations(page: Page, person: Person, t: Team, label: string): Promise<void> {
  await page.goto('/personalInfo/personalInfo');
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page).toHaveURL(/\/personalInfo\/personalPage/);
  await check(page, person, `/personalInfo/personalPage ${label}`);
  if (person !== t.founder) return;
  await page.goto(`/projectManagement/createProject?proId=${t.projectId}`);
  await page.getByRole('button', { name: '確認画面', exact: true }).click();
  await expect(page).toHaveURL(/\/allPage\/allPage/);
  await check(page, person, `/allPage/allPage ${label}`);
}

for (const role of ['founder', 'editor', 'assistant'] as const) {
  test(`every screen fits a phone and a desktop, in Japanese, accessibly, for ${role === 'founder' ? 'a' : 'an'} ${role}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const t = await team(request);
    const person = t[role];
    await logIn(page, person.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      const label = `(${role}, ${viewport.width} px)`;
      for (const path of routes(t)) {
        await page.goto(path);
        await check(page, person, `${path} ${label}`);
      }
      await confirmations(page, person, t, label);
    }
  });
}
