import { contract } from '@koma/shared/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, sideLink, uniqueTag } from '../support/people.js';
import {
  apiApply,
  apiJoin,
  apiProject,
  apiRecruit,
  detailsPath,
  notice,
  otherContext,
  settle,
  shownDay,
} from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const RECRUIT_INFO = '&activeName=projectOperate&activeMenu=3';

/** A row of a recruitment's position table (企画の募集ポジション) by position name. */
const positionRow = (scope: Page | Locator, name: string) =>
  scope.getByRole('table', { name: '企画の募集ポジション' }).getByRole('row').filter({ hasText: name });

test('a filled position says 締切 and takes no more applicants; 応募済み is per position', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const title = `灯台の町${tag}`;
  const [founder, artist, waiting, hopeful] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `待機${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', {
      nickname: `志望${tag}`,
      welcomeClosed: true,
      profile: { positions: [2, 4], method: [2] },
    }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  // One main artist and one character designer; the main artist's place is taken.
  await apiRecruit(request, founder, projectId, [2, 4]);
  await apiApply(request, waiting, projectId, 2);
  await apiJoin(request, founder, artist, projectId, 2);

  // The creator finds the project and opens its recruitment: メイン作画 締切, キャラクターデザイン 募集中.
  await logIn(page, hopeful.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await sideLink(page, 'プロジェクト検索').click();
  await page.getByRole('textbox', { name: 'キーワード' }).fill(title);
  await page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
  const card = page
    .getByRole('region', { name: '検索結果' })
    .getByRole('listitem')
    .filter({ hasText: title });
  // Only what is still open is recruited.
  await expect(card).toContainText('キャラクターデザイン');
  await expect(card).not.toContainText('メイン作画');
  await card.getByRole('button', { name: `「${title}」の詳細を表示` }).click();
  const info = page.getByRole('dialog', { name: title });
  await info.getByRole('tab', { name: '募集情報' }).click();
  await expect(positionRow(info, 'メイン作画')).toContainText(/1\s*2\s*1\s*締切/);
  await expect(positionRow(info, 'キャラクターデザイン')).toContainText('募集中');
  await expect(positionRow(info, 'キャラクターデザイン')).not.toContainText('締切');
  await settle(page);
  await expectAccessible(page, 'recruitment with a filled position');

  // 応募する offers the open position only; after applying it says 応募済み and the button is off.
  await info.getByRole('button', { name: '応募する' }).click();
  const apply = page.getByRole('dialog', { name: '応募する' });
  const choice = apply.locator('.ant-select').filter({ has: page.getByLabel('応募ポジション') });
  await expect(choice).toContainText('キャラクターデザイン');
  await choice.click();
  await expect(page.getByRole('option', { name: 'メイン作画' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await apply.getByRole('button', { name: '送信' }).click();
  await expect(notice(page, '応募しました')).toBeVisible();
  await expect(apply).toBeHidden();
  await expect(positionRow(info, 'キャラクターデザイン')).toContainText('応募済み');
  await expect(positionRow(info, 'メイン作画')).not.toContainText('応募済み');
  const applyButton = info.getByRole('button', { name: '応募する' });
  await expect(applyButton).toBeDisabled();
  await expect(info).toContainText('応募できるポジションはありません（締切または応募済み）');
  await settle(page);
  await expectAccessible(page, 'recruitment with nothing left to apply for');

  // The founder sees 締切, and the one who waited for the filled place cannot be accepted.
  const founderContext = await otherContext(browser, baseURL);
  try {
    const fPage = await founderContext.newPage();
    await logIn(fPage, founder.email);
    await expect(fPage).toHaveURL(/\/dashboard$/);
    await fPage.goto(detailsPath(projectId, RECRUIT_INFO));
    await expect(fPage.getByRole('table', { name: '企画の募集期間と条件' })).toContainText('募集中');
    await expect(positionRow(fPage, 'メイン作画')).toContainText('締切');
    const applicants = fPage.getByRole('table', { name: '企画の応募者' });
    await expect(
      applicants.getByRole('button', { name: `${waiting.nickname} さん（メイン作画）を受け入れ` }),
    ).toBeDisabled();
    await expect(
      applicants.getByRole('button', { name: `${waiting.nickname} さん（メイン作画）をお断り` }),
    ).toBeEnabled();
    await expect(
      applicants.getByRole('button', { name: `${hopeful.nickname} さん（キャラクターデザイン）を受け入れ` }),
    ).toBeEnabled();
    await settle(fPage);
    await expectAccessible(fPage, '募集情報 with a filled position');
  } finally {
    await founderContext.close();
  }
});

test('a recruitment not started yet says 募集予定; the founder edits it, then ends it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `春の予告${tag}` });
  await apiRecruit(request, founder, projectId, [2], { startIn: 3 });

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId, RECRUIT_INFO));
  const period = page.getByRole('table', { name: '企画の募集期間と条件' });
  await expect(period).toContainText('募集予定');
  await expect(period).toContainText(shownDay(3));
  await expect(
    page.getByText(`${shownDay(3)}から募集を開始します。開始前は編集・終了できます。`),
  ).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'a scheduled recruitment');

  await page.getByRole('button', { name: '企画の募集を編集' }).click();
  const edit = page.getByRole('dialog', { name: '募集を編集' });
  await expect(edit.getByPlaceholder('開始日')).toHaveValue(shownDay(3));
  const count = edit.getByRole('spinbutton', { name: 'メイン作画' });
  await expect(count).toHaveValue('1');
  await count.fill('2');
  await edit.getByRole('spinbutton', { name: 'キャラクターデザイン' }).fill('1');
  await settle(page);
  await expectAccessible(page, 'the edit recruitment dialog');
  await edit.getByRole('button', { name: '保存する' }).click();
  await expect(notice(page, '募集を更新しました')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(positionRow(page, 'メイン作画')).toContainText(/2\s*0\s*0\s*募集予定/);
  await expect(positionRow(page, 'キャラクターデザイン')).toContainText('募集予定');

  await page.getByRole('button', { name: '企画の募集を終了' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '募集を終了しますか?' });
  await confirm.getByRole('button', { name: '募集を終了' }).click();
  await expect(notice(page, '募集を終了しました')).toBeVisible();
  await expect(period).toContainText('終了');
  await expect(page.getByRole('button', { name: '企画の募集を終了' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '企画の募集を編集' })).toHaveCount(0);
});

test('a completed project tells its founder why there is no new recruitment or chapter', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const projectId = await apiProject(request, founder, { title: `完結編${tag}` });
  await apiCall(request, founder.token, contract.projects.complete, { projectId });
  const why = '完成したプロジェクトでは新しい募集や話を追加できません';

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  const recruit = page.getByRole('button', { name: '募集する' });
  await expect(recruit).toBeDisabled();
  await expect(recruit).toHaveAccessibleDescription(why);
  await expect(page.getByRole('button', { name: 'プロジェクトを完成にする' })).toHaveCount(0);
  await settle(page);
  await expectAccessible(page, 'a completed project for its founder');

  await page.getByRole('tab', { name: 'プロジェクト操作' }).click();
  await page.getByRole('tab', { name: '話', exact: true }).click();
  const add = page.getByRole('button', { name: '話を追加' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(why);
  await settle(page);
  await expectAccessible(page, 'the chapters of a completed project');
});
