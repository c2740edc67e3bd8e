import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import {
  apiEditorInCharge,
  closeSteps,
  confirm,
  openStepHistory,
  solidPng,
  stepDialog,
  stepRow,
  workPageRow,
} from '../support/production.js';
import { apiApply, apiJoin, apiProject, apiRecruit, detailsPath, settle } from '../support/projects.js';
import { shot, sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction, apiHandIn, apiStartFirstStep } from '../support/workflow.js';

/**
 * Every action on a phone (issue 30 §5): at 390 px the applicants, the chapter's page list and a
 * page's steps are cards whose buttons all lie within the screen, and they work there, by key as
 * by touch. At 1366 px the page list's 担当者 keeps to one line and the dark sidebar runs to the
 * page's bottom.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const PENCILS = 'メイン作画';
const RECRUIT_INFO = '&activeName=projectOperate&activeMenu=3';

/** Every visible button (or link drawn as one) whose box goes past the window's left or right edge. */
function buttonsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="button"], a.ant-btn')) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < 0 || box.right > window.innerWidth) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        outside.push(`${name} [${Math.round(box.left)}–${Math.round(box.right)}]`);
      }
    }
    return outside;
  });
}

/** No button past the screen's edge and nothing to scroll sideways; the named ones are among those checked. */
async function expectButtonsInView(page: Page, where: string, named: Locator[]): Promise<void> {
  for (const button of named) await expect(button, where).toBeVisible();
  expect(await buttonsOutside(page), `buttons past the edge on ${where}`).toEqual([]);
  expect(await sidewaysScroll(page), `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
}

/** The element is shown and its box lies within the window's width. */
async function expectWithinWidth(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box?.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box && box.x + box.width, `${what}: right`).toBeLessThanOrEqual(PHONE.width);
}

test('at 390 px the founder accepts one applicant by key and turns another down, on cards within the screen', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const [founder, hopeful, other] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画志望${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `背景志望${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `電話の庭${tag}` });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiApply(request, hopeful, projectId, 2, '線画が得意です。よろしくお願いします。');
  await apiApply(request, other, projectId, 5, '背景を描きます。');

  await page.setViewportSize(PHONE);
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId, RECRUIT_INFO));
  const applicants = page.getByRole('list', { name: '企画の応募者' });
  const card = (who: string) => applicants.getByRole('listitem').filter({ hasText: who });
  const accept = card(hopeful.nickname).getByRole('button', {
    name: `${hopeful.nickname} さん（${PENCILS}）を受け入れ`,
  });
  const turnDown = card(other.nickname).getByRole('button', {
    name: `${other.nickname} さん（背景デザイン）をお断り`,
  });
  // The card holds what the row held: who, position, message, when.
  await expect(card(hopeful.nickname)).toContainText(PENCILS);
  await expect(card(hopeful.nickname)).toContainText('線画が得意です。よろしくお願いします。');
  await expect(card(hopeful.nickname)).toContainText('応募日時');
  await settle(page);
  await expectButtonsInView(page, 'the applicants at 390 px', [accept, turnDown]);
  await shot(page, 'phone-applicants-390', true);
  await expectAccessible(page, 'the applicants as cards');

  // By key: from the applicant's name, Tab reaches 受け入れ, Enter accepts.
  await card(hopeful.nickname)
    .getByRole('button', { name: `${hopeful.nickname} さんのプロフィールを表示` })
    .focus();
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(hopeful.nickname)).toContainText('受入済');
  await turnDown.click();
  await expect(card(other.nickname)).toContainText('お断り済み');
  await expectButtonsInView(page, 'the applicants once decided', []);
  await shot(page, 'phone-applicants-decided-390', true);
});

test('at 390 px the page list and a page’s steps are cards with their actions in view; at 1366 px 担当者 is one line and the sidebar runs the page’s length', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const [founder, editor, artist] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    // A long name: the 担当者 column once broke it one character per line.
    apiPerson(request, 'creator', { nickname: `作画担当の桜井さくら${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: `電話の街${tag}` });
  await apiRecruit(request, founder, projectId, [2]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    `第1話${tag}`,
    [{ posId: 2, owner: artist }],
    { pageCount: 12 },
  );
  const at = { projectId, chapterId, pageId };
  const stepId = await apiStartFirstStep(request, { founder, artist }, at);
  await apiHandIn(request, artist, projectId, stepId, solidPng([200, 40, 40], 120, 170));
  const work = `/chapter/details?projectId=${projectId}&chapterId=${chapterId}`;

  // ── 390 px: the page list's cards show 担当者 and 期日 within the screen. ──
  await page.setViewportSize(PHONE);
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(work);
  await expect(page.getByRole('list', { name: 'ページ一覧' })).toBeVisible();
  const second = workPageRow(page, 2);
  // Every fact of the row, 担当者 and 期日 among them, within the screen's width.
  for (const label of ['現在の作業', '期日', '担当者', '更新日時', '進捗'])
    await expectWithinWidth(second.getByRole('term').filter({ hasText: label }).locator('xpath=..'), label);
  await expectWithinWidth(second.getByText(artist.nickname, { exact: true }), 'the assignee');
  await expect(workPageRow(page, 1)).toContainText('あなたの承認待ち');
  const openFirst = page.getByRole('button', { name: '1ページの作業工程を開く', exact: true });
  await settle(page);
  await expectButtonsInView(page, 'the page list at 390 px', [openFirst]);
  await shot(page, 'phone-page-list-390');
  await expectAccessible(page, 'the page list as cards');

  // By key: the page's name opens its steps.
  await openFirst.focus();
  await page.keyboard.press('Enter');
  const steps = stepDialog(page, 1);
  await expect(steps).toBeVisible();
  const card = stepRow(steps, PENCILS);
  await expect(card).toContainText('承認待ち');
  await expect(card).toContainText('あなたの承認待ち');
  await expect(card).toContainText(artist.nickname);
  await expect(card).toContainText('期日');
  const approve = card.getByRole('button', { name: `${PENCILS}を承認` });
  const sendBack = card.getByRole('button', { name: `${PENCILS}を差し戻す` });
  const more = card.getByRole('button', { name: `${PENCILS}のその他の操作` });
  await settle(page);
  await expectButtonsInView(page, 'the step dialog at 390 px', [approve, sendBack, more]);
  await shot(page, 'phone-step-dialog-390');
  await expectAccessible(page, 'the steps as cards');

  // その他 opens the history; 承認 approves.
  const history = await openStepHistory(steps, PENCILS);
  await closeSteps(history);
  await approve.click();
  await confirm(page, `「${PENCILS}」の作業を承認しますか？`, '承認');
  await expect(card).toContainText('完了');
  await expectButtonsInView(page, 'the step dialog once approved', [more]);
  await closeSteps(steps);

  // ── 1366 px: the table again; 担当者 on one line, the whole name in its title. ──
  await page.setViewportSize(DESKTOP);
  await page.goto(work);
  const cell = workPageRow(page, 2).getByRole('cell', { name: artist.nickname });
  await expect(cell).toBeVisible();
  const lines = await cell.evaluate((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const lineHeight = Number.parseFloat(getComputedStyle(td).lineHeight);
    return range.getBoundingClientRect().height / lineHeight;
  });
  expect(lines, '担当者 in lines').toBeLessThan(1.5);
  await expect(cell).toHaveAttribute('title', artist.nickname);
  await expectButtonsInView(page, 'the page list at 1366 px', [
    page.getByRole('button', { name: '2ページの作業工程を開く', exact: true }),
  ]);

  // The dark sidebar reaches the bottom of a page longer than the window, its menu still in view.
  const reach = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const sider = document.querySelector('.ant-layout-sider')?.getBoundingClientRect();
    return {
      page: document.documentElement.scrollHeight,
      window: window.innerHeight,
      sider: sider ? sider.bottom + window.scrollY : 0,
    };
  });
  expect(reach.page, 'a page longer than the window').toBeGreaterThan(reach.window + 200);
  expect(reach.sider, 'the sidebar’s bottom').toBeGreaterThanOrEqual(reach.page - 1);
  await expect(
    page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link').first(),
  ).toBeInViewport();
  await shot(page, 'desktop-page-list-1366-bottom');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'desktop-page-list-1366', true);
});
