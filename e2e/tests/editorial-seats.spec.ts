import { contract } from '@koma/shared/contract';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, toast, uniqueTag } from '../support/people.js';
import { apiEditorInCharge } from '../support/production.js';
import { apiProject, detailsPath, shownDay, tokyoDay, uploadCover } from '../support/projects.js';
import { buttonsOutside, shot, sidewaysScroll } from '../support/screen-checks.js';

/**
 * The editorial side (issue 40, docs/access.md "Editorial seats"): the editor in charge moves a
 * chapter's 校了締切 and sets the print specification, which the founder alone could before; she
 * adds a 副担当, who accepts; the founder is told of each change.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1366, height: 900 },
] as const;

const compactDay = (offset: number) => tokyoDay(offset).replaceAll('-', '');

/** Nothing runs off the side of the screen. */
async function fitsScreen(page: Page) {
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await buttonsOutside(page)).toEqual([]);
}

for (const size of SIZES) {
  test(`${size.name}: the editor in charge moves the 校了締切, sets the print spec and adds a 副担当`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const tag = uniqueTag();
    const [founder, editor, deputy] = await Promise.all([
      apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
      apiPerson(request, 'editor', { nickname: `担当${tag}`, welcomeClosed: true }),
      apiPerson(request, 'editor', { nickname: `副担${tag}`, welcomeClosed: true }),
    ]);
    const title = `星の書庫${tag}`;
    const projectId = await apiProject(request, founder, { title });
    await apiEditorInCharge(request, founder, editor, projectId);
    const chapterTitle = `第1話${tag}`;
    const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
      projectId,
      title: chapterTitle,
      page: '2',
      icon: await uploadCover(request, founder.token),
      scriptAt: tokyoDay(7),
      checkAt: tokyoDay(30),
    });

    await page.setViewportSize({ width: size.width, height: size.height });
    await logIn(page, editor.email);
    await expect(page).toHaveURL(/\/dashboard$/);

    // 校了締切: the chapter's information is hers to change now.
    await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await page.getByRole('button', { name: '話の情報を編集' }).click();
    const form = page.getByRole('dialog', { name: '話の情報を編集' });
    const checkAt = form.getByLabel('校了締切');
    await checkAt.click();
    await checkAt.press('ControlOrMeta+a');
    await checkAt.pressSequentially(compactDay(45));
    await checkAt.press('Enter');
    await expect(checkAt).toHaveValue(shownDay(45));
    await shot(page, `editorial-seats-${size.name}-deadline`);
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await expect(toast(page, '話の情報を更新しました')).toBeVisible();
    const chapters = await apiCall(request, founder.token, contract.chapters.list, { projectId });
    expect(chapters.list.find((c) => c.id === chapterId)?.checkAt).toBe(tokyoDay(45));

    // The print specification: a form for her, not a read-only summary.
    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=4'));
    await expect(page.getByText('印刷仕様は未設定です')).toBeVisible();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(toast(page, '印刷仕様を保存しました')).toBeVisible();
    await fitsScreen(page);

    // 編集の席: she offers the 副担当 seat to an editor account, who accepts.
    await page.goto(detailsPath(projectId));
    const seats = page
      .getByRole('region', { name: '編集の席' })
      .or(page.locator('section[aria-labelledby="project-seats-heading"]'));
    await expect(seats.getByText('副担当・編集長はまだいません')).toBeVisible();
    await seats.getByRole('button', { name: '編集の席を追加' }).click();
    const dialog = page.getByRole('dialog', { name: '編集の席に招待' });
    await dialog.getByRole('combobox', { name: '編集者' }).pressSequentially(`副担${tag}`);
    // antd's role=option elements are hidden: the visible item is clicked (support/people.ts pickOption).
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `副担${tag}` })
      .click();
    await expect(dialog.getByRole('radio', { name: '副担当' })).toBeChecked();
    // On a phone each seat's choice, its label with the circle, is a 44 px touch target.
    const choices = dialog.locator('label').filter({ has: page.getByRole('radio') });
    await expect(choices).toHaveCount(2);
    for (const choice of await choices.all()) {
      const box = await choice.boundingBox();
      if (!box) throw new Error('no box for a seat choice');
      if (size.name === 'phone') expect(box.height, await choice.innerText()).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    }
    await shot(page, `editorial-seats-${size.name}-invite`);
    await dialog.getByRole('button', { name: '招待を送る' }).click();
    await expect(toast(page, '編集の席への招待を送りました')).toBeVisible();
    await expect(seats.getByText('副担当・返事待ち')).toBeVisible();

    const [offer] = (await apiCall(request, deputy.token, contract.invitations.mine, undefined)).list;
    expect(offer).toMatchObject({ project: { id: projectId }, position: '副担当' });
    await apiCall(request, deputy.token, contract.invitations.answer, {
      invitationId: offer?.id as number,
      accept: true,
    });
    await page.reload();
    const seatList = page.getByRole('list', { name: '編集の席' });
    await expect(seatList.getByText(`副担${tag}`)).toBeVisible();
    await expect(seatList.getByRole('button', { name: `副担${tag}さんを編集の席から外す` })).toBeVisible();
    await fitsScreen(page);
    await shot(page, `editorial-seats-${size.name}-seats`, true);

    // The founder is told of each change the editor in charge made.
    const told = (await apiCall(request, founder.token, contract.notices.list, { page: 1 })).notices.map(
      (n) => n.message,
    );
    expect(told).toContain(`担当${tag}さんが「${title}」${chapterTitle}の校了締切を変更しました`);
    expect(told).toContain(`担当${tag}さんが「${title}」の印刷仕様を変更しました`);
  });
}
