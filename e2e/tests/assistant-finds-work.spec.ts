import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, sideLink, uniqueTag } from '../support/people.js';
import { apiProject, settle, tokyoDay, uploadCover } from '../support/projects.js';

/**
 * Assistants (role 5) and translators (role 6) want chapter-level positions: 話の募集検索 is in their
 * menu and the おすすめの話の募集 panel links to it (a departure from the spec's menu, docs/departures.md).
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const CHAPTER_SEARCH = '/chapterSearch/chapterSearch';

/** A founder's project with a chapter recruiting a background assistant (position 6). */
async function chapterOpening(request: APIRequestContext, tag: string) {
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const title = `雨の書店${tag}`;
  const projectId = await apiProject(request, founder, { title });
  const chapterTitle = `第2話 夕立の背景${tag}`;
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: chapterTitle,
    page: '4',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  await apiCall(request, founder.token, contract.recruitment.add, {
    kind: 2,
    projectId,
    chapterId,
    stime: tokyoDay(),
    etime: tokyoDay(14),
    positions: [{ position_id: 6, num: 1 }],
    condition: '',
  });
  return { title, chapterTitle };
}

/** The sidebar: on a phone it is closed until the menu button opens it. */
async function openMenu(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: 'メニューを開く' }).click();
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
}

for (const [size, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });
    const phone = size === 'phone';

    test('an assistant finds chapter recruitments through 話の募集検索 in the menu and from おすすめの話の募集', async ({
      page,
      request,
    }) => {
      const tag = uniqueTag();
      const opening = await chapterOpening(request, tag);
      const assistant = await apiPerson(request, 'creator', {
        nickname: `アシ${tag}`,
        profile: { positions: [6], typebigs: [5] },
        welcomeClosed: true,
      });

      await logIn(page, assistant.email);
      await expect(page).toHaveURL(/\/dashboard$/);

      // The recommendations panel leads to the whole search.
      const panel = page
        .locator('.ant-card')
        .filter({ has: page.getByRole('heading', { name: 'おすすめの話の募集' }) });
      const toSearch = panel.getByRole('link', { name: '話の募集を探す' });
      await expect(toSearch).toBeVisible();
      await expect(toSearch).toHaveAttribute('href', CHAPTER_SEARCH);
      if (!phone) {
        await settle(page);
        await expectAccessible(page, 'dashboard of an assistant');
      }
      await toSearch.click();
      await expect(page).toHaveURL(CHAPTER_SEARCH);
      await expect(page.getByRole('heading', { level: 1, name: '話の募集検索' })).toBeVisible();

      // And the menu holds it (project search stays for project-level roles).
      await page.goto('/dashboard');
      await openMenu(page, phone);
      await expect(sideLink(page, 'プロジェクト検索')).toHaveCount(0);
      await expect(sideLink(page, '話の募集検索')).toBeVisible();
      await sideLink(page, '話の募集検索').click();
      await expect(page).toHaveURL(CHAPTER_SEARCH);
      await expect(page.getByRole('heading', { level: 1, name: '話の募集検索' })).toBeVisible();

      // The search finds the chapter's recruitment.
      await page.getByRole('textbox', { name: 'キーワード' }).fill(opening.chapterTitle);
      await page.getByRole('button', { name: '検索', exact: true }).click();
      const found = page.getByRole('region', { name: '検索結果' });
      // The first list holds the result cards (the pager is a list too).
      const results = found.getByRole('list').first().getByRole('listitem');
      await expect(results).toHaveCount(1);
      await expect(found.getByText('全 1 件')).toBeVisible();
      await expect(results.first()).toContainText(opening.title);
      await expect(results.first()).toContainText('背景アシスタント');
      await results
        .first()
        .getByRole('button', { name: `「${opening.title}」${opening.chapterTitle}の詳細を表示` })
        .click();
      await expect(
        page.getByRole('dialog', { name: `${opening.title}／${opening.chapterTitle}` }),
      ).toBeVisible();
    });
  });
}
