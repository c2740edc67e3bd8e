import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiPerson, sideLink } from '../support/people.js';
import { signInWithToken } from '../support/xss.js';

/**
 * Issue 18: loading looks like loading (skeletons, never "no data" before the answer, a bar on
 * route changes, never an empty page), and forms and screens scroll where the reader can see.
 */

test.use({ reducedMotion: 'reduce' });

const LOADING = '読み込み中…';
const NO_DATA = 'データがありません';

/** Holds every request matching `url` until `release()`, to see a screen while it loads. */
async function hold(page: Page, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** The words of an empty list (antd's Empty, whose picture carries them too). */
const noData = (page: Page) => page.getByRole('main').locator('.ant-empty-description').getByText(NO_DATA);
const skeleton = (page: Page) => page.getByRole('main').getByRole('status', { name: LOADING });

test('the dashboard shows skeletons while its panels load and データがありません only once the empty answer came', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator', { welcomeClosed: true });
  const home = await hold(page, `**${contract.dashboard.home.path}`);
  await signInWithToken(context, baseURL ?? '', me.token);
  await page.goto('/dashboard');

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'マイプロジェクト' })).toBeVisible();
  await expect(skeleton(page).first()).toBeVisible();
  await expect(noData(page)).toHaveCount(0);

  home.release();
  // A new author has no project: now, and only now, the panel says so.
  await expect(noData(page).first()).toBeVisible();
  await expect(skeleton(page)).toHaveCount(0);
});

test('the project list shows a skeleton while its lists load, then the empty sections', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator', { welcomeClosed: true });
  const lists = await hold(page, `**${contract.projects.mine.path}`);
  await signInWithToken(context, baseURL ?? '', me.token);
  await page.goto('/projectManagement/projectManagement');

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'プロジェクト管理' })).toBeVisible();
  await expect(skeleton(page)).toBeVisible();
  await expect(noData(page)).toHaveCount(0);

  lists.release();
  await expect(noData(page)).toHaveCount(2);
  await expect(skeleton(page)).toHaveCount(0);
});

test('a thin bar runs across the top while the next screen loads, and the current screen stays', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator', { welcomeClosed: true });
  await signInWithToken(context, baseURL ?? '', me.token);
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: LOADING });
  await expect(bar).toHaveCount(0);

  // The project list's code is slow to come.
  const code = await hold(page, '**/assets/project-list-page-*.js');
  await sideLink(page, 'プロジェクト管理').click();
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box?.y).toBe(0);
  expect(box?.height).toBeLessThanOrEqual(4);
  await expect(main.getByRole('heading', { name: 'マイプロジェクト' })).toBeVisible();

  code.release();
  await expect(main.getByRole('heading', { level: 1, name: 'プロジェクト管理' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('while the first screen and the user info load, the app frame shows with grey lines, not an empty page', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator', { welcomeClosed: true });
  const info = await hold(page, `**${contract.profiles.me.path}`);
  await signInWithToken(context, baseURL ?? '', me.token);
  await page.goto('/dashboard');

  const frame = page.getByRole('status', { name: LOADING });
  await expect(frame).toBeVisible();
  await expect(frame.getByText(LOADING)).toBeVisible();
  // The 64 px top bar stands where the real one will be.
  // Polled: the frame of the start-up is replaced by the route guard's own while the info loads.
  await expect.poll(() => page.locator('.koma-shell-top').boundingBox()).toMatchObject({ y: 0, height: 64 });

  info.release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test('a first login shows the dashboard skeleton, not an empty page, until the welcome dialog is ready', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator');
  const dialogCode = await hold(page, '**/assets/first-login-dialog-*.js');
  await signInWithToken(context, baseURL ?? '', me.token);
  await page.goto('/dashboard');

  await expect(skeleton(page)).toBeVisible();

  dialogCode.release();
  await expect(page.getByRole('dialog', { name: 'Koma へようこそ' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});

test('a screen opened from a scrolled one starts at the top (profile → its confirmation)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const me = await apiPerson(request, 'creator', { profile: {}, welcomeClosed: true });
  await signInWithToken(context, baseURL ?? '', me.token);
  await page.goto('/personalInfo/personalInfo');
  const confirm = page.getByRole('button', { name: '確認', exact: true });
  await expect(confirm).toBeAttached();
  // Scrolled a little, the heading still in view (moving focus to it then scrolls nothing), and
  // 確認 pressed from the keyboard.
  await page.evaluate(() => window.scrollTo(0, 40));
  await confirm.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
  expect(await page.evaluate(() => window.scrollY)).toBe(40);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/personalInfo\/personalPage/);
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // And from far down: 確認 clicked at the end of the form.
  await page.goBack();
  await confirm.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await confirm.click();
  await expect(page.getByRole('heading', { level: 1, name: '確認画面' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

for (const size of [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the first field error of a long form stops below the 64 px top bar, label included (${size.name})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const me = await apiPerson(request, 'creator', { profile: {}, welcomeClosed: true });
    await signInWithToken(context, baseURL ?? '', me.token);
    await page.goto('/personalInfo/personalInfo');
    const nickname = page.getByLabel('ニックネーム', { exact: true });
    await nickname.fill('');
    const confirm = page.getByRole('button', { name: '確認', exact: true });
    await confirm.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    await confirm.click();
    const item = page.locator('.ant-form-item').filter({ has: nickname });
    await expect(item.locator('.ant-form-item-explain-error')).toBeVisible();
    await expect(async () => {
      const label = await item.locator('label').boundingBox();
      const field = await nickname.boundingBox();
      expect(label?.y).toBeGreaterThanOrEqual(64);
      expect((field?.y ?? 0) + (field?.height ?? 0)).toBeLessThanOrEqual(size.height);
    }).toPass();
  });
}
