import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, pickOption, sideLink, uniqueTag } from '../support/people.js';
import {
  apiApply,
  apiPair,
  apiProject,
  detailsPath,
  fact,
  listSection,
  notice,
  otherContext,
  settle,
  shownDay,
  tokyoDay,
} from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

test('an editor joins by invitation, a creator applies through the search and the founder accepts', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const title = `風の港${tag}`;
  const [founder, editor, applicant, late, later] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', {
      nickname: `作画${tag}`,
      welcomeClosed: true,
      profile: { positions: [2], method: [2] },
    }),
    apiPerson(request, 'creator', { nickname: `遅刻${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `保留${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  await apiPair(request, founder, editor);

  // The founder invites the editor from the project details.
  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(detailsPath(projectId));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(fact(page, '担当編集者')).toHaveText('未定');
  await page.getByRole('button', { name: '担当編集者を招待' }).click();
  const invite = page.getByRole('dialog', { name: '担当編集者を招待' });
  await expect(invite).toBeVisible();
  await invite.getByRole('button', { name: '招待する' }).click();
  await expect(invite.getByText('編集者を選択してください')).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'invite editor dialog');
  await pickOption(page, '担当編集者', editor.nickname);
  await invite.getByRole('button', { name: '招待する' }).click();
  await expect(notice(page, '担当編集者に招待しました')).toBeVisible();
  await expect(invite).toBeHidden();

  // The editor accepts from the dashboard to-do list and lands on the project.
  const editorContext = await otherContext(browser, baseURL);
  const applicantContext = await otherContext(browser, baseURL);
  try {
    const ePage = await editorContext.newPage();
    await logIn(ePage, editor.email);
    await expect(ePage).toHaveURL(/\/dashboard$/);
    const invitationTile = ePage.getByRole('button', { name: /担当編集者への招待/ });
    await expect(invitationTile).toContainText('1');
    await settle(ePage);
    await expectAccessible(ePage, 'editor dashboard with a to-do');
    await invitationTile.click();
    const todo = ePage.getByRole('dialog', { name: '担当編集者への招待' });
    const row = todo.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(founder.nickname);
    await settle(ePage);
    await expectAccessible(ePage, 'invitation to-do dialog');
    await row.getByRole('button', { name: '承諾する' }).click();
    await expect(notice(ePage, '担当編集者になりました')).toBeVisible();
    await expect(ePage).toHaveURL(new RegExp(`/projectDetails/projectDetails\\?proId=${projectId}$`));
    await expect(ePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(fact(ePage, '担当編集者')).toHaveText(editor.nickname);
    await expect(ePage.getByRole('tab', { name: 'プロジェクト操作' })).toBeVisible();
    await expect(ePage.getByRole('button', { name: '募集する' })).toHaveCount(0);
    await settle(ePage);
    await expectAccessible(ePage, 'project details for the editor');

    // The founder sees the editor in charge; the invite button is off now.
    await page.reload();
    await expect(fact(page, '担当編集者')).toHaveText(editor.nickname);
    await expect(page.getByRole('button', { name: '担当編集者を招待' })).toBeDisabled();

    // The founder starts a recruitment: dates today..+14, three main artists.
    await page.getByRole('button', { name: '募集する' }).click();
    const recruit = page.getByRole('dialog', { name: '募集する' });
    await expect(recruit).toBeVisible();
    await expect(
      recruit.getByRole('radiogroup', { name: '募集の種類' }).getByRole('radio', { name: '企画' }),
    ).toBeChecked();
    await settle(page);
    await expectAccessible(page, 'recruit dialog');
    await recruit.getByRole('button', { name: '募集を開始' }).click();
    // Every field's message at once: the period and the positions.
    await expect(recruit.getByText('募集日付を選択してください')).toBeVisible();
    await expect(recruit.getByText('募集ポジションを選択してください')).toBeVisible();
    const start = recruit.getByPlaceholder('開始日');
    const end = recruit.getByPlaceholder('終了日');
    await start.click();
    await start.fill(tokyoDay());
    await start.press('Enter');
    await end.fill(tokyoDay(14));
    await end.press('Enter');
    await expect(start).toHaveValue(shownDay());
    await expect(end).toHaveValue(shownDay(14));
    await recruit.getByRole('button', { name: '募集を開始' }).click();
    await expect(recruit.getByText('募集ポジションを選択してください')).toBeVisible();
    await recruit.getByRole('spinbutton', { name: 'メイン作画' }).fill('3');
    await recruit.getByRole('textbox', { name: '募集条件' }).fill('デジタル作画できる方');
    await settle(page);
    await expectAccessible(page, 'filled recruit dialog');
    await recruit.getByRole('button', { name: '募集を開始' }).click();
    await expect(notice(page, '募集を開始しました')).toBeVisible();
    await expect(recruit).toBeHidden();

    // The applicant finds the project in the project search and applies.
    const aPage = await applicantContext.newPage();
    await logIn(aPage, applicant.email);
    await expect(aPage).toHaveURL(/\/dashboard$/);
    await sideLink(aPage, 'プロジェクト検索').click();
    await expect(aPage.getByRole('heading', { level: 1, name: 'プロジェクト検索' })).toBeVisible();
    await aPage.getByRole('textbox', { name: 'キーワード' }).fill(title);
    await aPage.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
    const results = aPage.getByRole('region', { name: '検索結果' });
    const open = results.getByRole('button', { name: `「${title}」の詳細を表示` });
    await expect(open).toBeVisible();
    // The result cards (the pagination is a list too).
    const cards = results
      .getByRole('listitem')
      .filter({ has: aPage.getByRole('button', { name: /の詳細を表示$/ }) });
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ has: aPage.getByRole('button', { name: `「${title}」の詳細を表示` }) });
    await expect(card).toContainText('未応募');
    await expect(card).toContainText('メイン作画');
    await expect(card).toContainText(founder.nickname);
    await settle(aPage);
    await expectAccessible(aPage, 'project search results');
    await open.click();
    const info = aPage.getByRole('dialog', { name: title });
    await expect(info.getByRole('tab', { name: 'プロジェクト情報' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(fact(info, '作成者')).toHaveText(founder.nickname);
    await expect(fact(info, '漫画タイプ')).toHaveText('連載');
    await settle(aPage);
    await expectAccessible(aPage, 'project info dialog');
    await info.getByRole('tab', { name: '募集情報' }).click();
    await expect(info.getByRole('table', { name: '企画の募集期間と条件' })).toContainText(shownDay(14));
    await expect(info.getByRole('table', { name: '企画の募集期間と条件' })).toContainText(
      'デジタル作画できる方',
    );
    await expect(info.getByRole('table', { name: '企画の募集期間と条件' })).toContainText('募集中');
    await expect(info.getByRole('table', { name: '企画の募集ポジション' })).toContainText('メイン作画');
    await settle(aPage);
    await expectAccessible(aPage, 'recruitment tab of the info dialog');
    await info.getByRole('button', { name: '応募する' }).click();
    const apply = aPage.getByRole('dialog', { name: '応募する' });
    await expect(apply).toContainText(`「${title}」に応募します。`);
    await expect(
      apply.locator('.ant-select').filter({ has: aPage.getByLabel('応募ポジション') }),
    ).toContainText('メイン作画');
    await apply.getByRole('textbox', { name: 'メッセージ（任意）' }).fill('よろしくお願いします');
    await settle(aPage);
    await expectAccessible(aPage, 'apply dialog');
    await apply.getByRole('button', { name: '送信' }).click();
    await expect(notice(aPage, '応募しました')).toBeVisible();
    await expect(apply).toBeHidden();
    // The position now says 応募済み, and there is nothing left to apply for.
    await expect(
      info
        .getByRole('table', { name: '企画の募集ポジション' })
        .getByRole('row')
        .filter({ hasText: 'メイン作画' }),
    ).toContainText('応募済み');
    await expect(info.getByRole('button', { name: '応募する' })).toBeDisabled();
    await expect(info).toContainText('応募できるポジションはありません（締切または応募済み）');
    await info.getByRole('button', { name: '閉じる' }).last().click();
    await expect(info).toBeHidden();
    await expect(card).toContainText('応募済み');

    // The founder: the to-do tile counts one applicant; 処理へ opens 募集情報.
    await page.goto('/dashboard');
    const applicantTile = page.getByRole('button', { name: /募集への応募者/ });
    await expect(applicantTile).toHaveText(/^\s*1\s*募集への応募者\s*$/);
    await applicantTile.click();
    const todo2 = page.getByRole('dialog', { name: '募集への応募者' });
    const applicantRow = todo2.getByRole('row').filter({ hasText: title });
    await expect(applicantRow).toHaveCount(1);
    await settle(page);
    await expectAccessible(page, 'applicant to-do dialog');
    await applicantRow.getByRole('button', { name: '処理へ' }).click();
    await expect(page).toHaveURL(/activeName=projectOperate&activeMenu=3/);
    await expect(page.getByRole('tab', { name: 'プロジェクト操作' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: '募集情報' })).toHaveAttribute('aria-selected', 'true');
    const applicants = page.getByRole('table', { name: '企画の応募者' });
    const who = applicants.getByRole('row').filter({ hasText: applicant.nickname });
    await expect(who).toContainText('メイン作画');
    await expect(who).toContainText('よろしくお願いします');
    await expect(page.getByRole('table', { name: '企画の募集ポジション' })).toContainText('メイン作画');
    await settle(page);
    await expectAccessible(page, '募集情報 with an applicant');
    await who.getByRole('button', { name: `${applicant.nickname} さん（メイン作画）を受け入れ` }).click();
    await expect(notice(page, '受け入れました')).toBeVisible();
    await expect(who).toContainText('受入済');
    await expect(who.getByRole('button')).toHaveCount(1); // only the profile button is left
    await expect(
      page
        .getByRole('table', { name: '企画の募集ポジション' })
        .getByRole('row')
        .filter({ hasText: 'メイン作画' }),
    ).toContainText(/3\s*1\s*1/);

    // The applicant hears of it at once: the search card says 採用 and the bell has the notice.
    await expect(card).toContainText('採用');
    await expect(card).not.toContainText('応募済み');
    await aPage.getByRole('button', { name: /^お知らせ/ }).click();
    const panel = aPage.locator('.ant-popover').filter({ hasText: 'システムメッセージ' });
    await expect(panel).toContainText(`作家${tag}さんが「${title}」のメイン作画への応募を受け入れました`);
    await aPage.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The member list shows the applicant with the position.
    await page.getByRole('tab', { name: 'プロジェクト詳細' }).click();
    const members = page.getByRole('region', { name: 'メンバー' });
    await expect(
      members.getByRole('button', { name: `${applicant.nickname} さんのプロフィールを表示` }),
    ).toBeVisible();
    await expect(members.getByRole('listitem').filter({ hasText: applicant.nickname })).toContainText(
      'メイン作画',
    );
    await expect(
      members.getByRole('button', { name: `${editor.nickname} さんのプロフィールを表示` }),
    ).toBeVisible();
    await settle(page);
    await expectAccessible(page, 'project details with members');

    // The founder's to-do tile is gone.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'TODO一覧' })).toBeVisible();
    await expect(page.getByRole('button', { name: /募集への応募者/ })).toHaveCount(0);

    // Two more applications arrive while the founder looks at 募集情報 (live); one is turned down.
    const live = page.waitForResponse((r) => r.url().endsWith(contract.notices.stream.path));
    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=3'));
    await live;
    await expect(who).toContainText('受入済');
    for (const person of [late, later]) {
      await apiApply(request, person, projectId, 2);
    }
    const lateRow = applicants.getByRole('row').filter({ hasText: late.nickname });
    const laterRow = applicants.getByRole('row').filter({ hasText: later.nickname });
    await lateRow.getByRole('button', { name: `${late.nickname} さん（メイン作画）をお断り` }).click();
    await expect(notice(page, 'お断りしました')).toBeVisible();
    await expect(lateRow).toContainText('お断り済み');
    await expect(
      laterRow.getByRole('button', { name: `${later.nickname} さん（メイン作画）を受け入れ` }),
    ).toBeVisible();
    await settle(page);
    await expectAccessible(page, '募集情報 with answered applicants');

    // The applicant sees the project under 参加したプロジェクト.
    await sideLink(aPage, 'プロジェクト管理').click();
    await aPage.getByRole('tab', { name: '参加したプロジェクト' }).click();
    await expect(listSection(aPage, '連載中').getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(listSection(aPage, '連載中').getByRole('button', { name: /を変更$/ })).toHaveCount(0);
    await settle(aPage);
    await expectAccessible(aPage, 'joined projects');
    await listSection(aPage, '連載中').getByRole('link', { name: title, exact: true }).click();
    await expect(aPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(aPage.getByRole('tab', { name: 'プロジェクト操作' })).toBeVisible();
    await expect(aPage.getByRole('button', { name: '募集する' })).toHaveCount(0);

    // A member (not the founder) sees the applicants' states, with no buttons to answer.
    await aPage.getByRole('tab', { name: 'プロジェクト操作' }).click();
    await aPage.getByRole('tab', { name: '募集情報' }).click();
    const seen = aPage.getByRole('table', { name: '企画の応募者' });
    await expect(seen.getByRole('row').filter({ hasText: applicant.nickname })).toContainText('受入済');
    await expect(seen.getByRole('row').filter({ hasText: late.nickname })).toContainText('お断り済み');
    await expect(seen.getByRole('row').filter({ hasText: later.nickname })).toContainText('未対応');
    await expect(seen.getByRole('button', { name: /を受け入れ$|をお断り$/ })).toHaveCount(0);
    await expect(aPage.getByRole('button', { name: '企画の募集を終了' })).toHaveCount(0);
    await settle(aPage);
    await expectAccessible(aPage, '募集情報 for a member');

    // The editor in charge has only 参加したプロジェクト, with the project, and cannot create one.
    await sideLink(ePage, 'プロジェクト管理').click();
    await expect(ePage.getByRole('heading', { level: 1, name: 'プロジェクト管理' })).toBeVisible();
    await expect(ePage.getByRole('tab')).toHaveCount(1);
    await expect(ePage.getByRole('tab', { name: '参加したプロジェクト' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(ePage.getByRole('button', { name: 'プロジェクト作成' })).toHaveCount(0);
    await expect(listSection(ePage, '連載中').getByRole('link', { name: title, exact: true })).toBeVisible();
  } finally {
    await editorContext.close();
    await applicantContext.close();
  }
});
