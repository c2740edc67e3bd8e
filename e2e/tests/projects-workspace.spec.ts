import fs from 'node:fs';
import { contract } from '@koma/shared/contract';
import { type Download, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import {
  apiJoin,
  apiProject,
  apiRecruit,
  detailsPath,
  notice,
  otherContext,
  renderedText,
  settle,
  TINY_PDF,
} from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const OPERATE = '&activeName=projectOperate';
const MEMO = Buffer.from('打ち合わせメモ\n第1話のネーム締め切りは来週です。\n', 'utf8');

const board = (page: Page) => page.getByRole('dialog', { name: '伝言板' });
const posts = (page: Page) => board(page).getByRole('list', { name: '投稿一覧' }).getByRole('listitem');
const folderRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `フォルダ「${name}」を開く` }) });
const fileRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `「${name}」をダウンロード` }) });

test('members share a message board, folders, files and comments; strangers see none of it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const title = `海辺の工房${tag}`;
  const [founder, member, stranger] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `通行人${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2]);
  await apiJoin(request, founder, member, projectId, 2);

  const memberContext = await otherContext(browser, baseURL);
  const strangerContext = await otherContext(browser, baseURL);
  try {
    // The member waits with the board open.
    const mPage = await memberContext.newPage();
    await logIn(mPage, member.email);
    await expect(mPage).toHaveURL(/\/dashboard$/);
    const live = mPage.waitForResponse((r) => r.url().endsWith(contract.notices.stream.path));
    await mPage.goto(detailsPath(projectId, OPERATE));
    await live;
    await expect(mPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await mPage.getByRole('button', { name: '伝言板' }).click();
    await expect(board(mPage).getByText('まだ投稿はありません')).toBeVisible();
    await settle(mPage);
    await expectAccessible(mPage, 'empty message board');

    // The founder posts; an empty (or blank) message sends nothing.
    await logIn(page, founder.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(detailsPath(projectId, OPERATE));
    await expect(page.getByRole('tab', { name: 'プロジェクト操作' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: '企画' })).toHaveAttribute('aria-selected', 'true');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(contract.board.add.path)) sent.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: '伝言板' }).click();
    const message = board(page).getByRole('textbox', { name: 'メッセージ' });
    const send = board(page).getByRole('button', { name: '送信' });
    await expect(board(page).getByText('まだ投稿はありません')).toBeVisible();
    await send.click();
    await message.fill('   ');
    await message.press('Control+Enter');
    await send.click();
    await expect(board(page).getByText('まだ投稿はありません')).toBeVisible();
    expect(sent).toEqual([]);

    await message.fill('今週の打ち合わせは木曜です\n資料はフォルダに置きます');
    await message.press('Control+Enter');
    await expect(posts(page)).toHaveCount(1);
    await expect(posts(page).first()).toContainText(founder.nickname);
    expect(await renderedText(posts(page).first().locator('.koma-prewrap'))).toBe(
      '今週の打ち合わせは木曜です\n資料はフォルダに置きます',
    );
    await expect(message).toHaveValue('');
    await message.fill('よろしくお願いします');
    await send.click();
    await expect(posts(page)).toHaveCount(2);
    await expect(posts(page).last()).toContainText('よろしくお願いします');
    expect(sent).toHaveLength(2);
    await settle(page);
    await expectAccessible(page, 'message board with posts');

    // The member's open board follows without a reload, newest last.
    await expect(posts(mPage)).toHaveCount(2);
    await expect(posts(mPage).first()).toContainText('今週の打ち合わせは木曜です');
    await expect(posts(mPage).last()).toContainText('よろしくお願いします');
    await expect(posts(mPage).last()).toContainText(founder.nickname);

    // The founder creates the folder 資料.
    await board(page).getByRole('button', { name: '閉じる' }).click();
    await expect(board(page)).toBeHidden();
    const folders = page.getByRole('table', { name: 'フォルダ' });
    await expect(folders).toContainText('フォルダはまだありません');
    await settle(page);
    await expectAccessible(page, 'empty folder list');
    await page.getByRole('button', { name: 'フォルダを作成' }).click();
    const create = page.getByRole('dialog', { name: 'フォルダを作成' });
    await create.getByRole('button', { name: '保存' }).click();
    await expect(create.getByText('フォルダ名を入力してください')).toBeVisible();
    await create.getByRole('textbox', { name: 'フォルダ名' }).fill('資料');
    await settle(page);
    await expectAccessible(page, 'folder dialog');
    await create.getByRole('button', { name: '保存' }).click();
    await expect(notice(page, '保存しました')).toBeVisible();
    await expect(create).toBeHidden();
    await expect(folders.getByRole('button', { name: 'フォルダ「資料」を開く' })).toBeVisible();

    // Two files at once, each with its own progress row that finishes.
    await folders.getByRole('button', { name: 'フォルダ「資料」を開く' }).click();
    await expect(page.getByRole('heading', { name: 'フォルダ「資料」のファイル' })).toBeVisible();
    const files = page.getByRole('table', { name: 'フォルダ「資料」のファイル' });
    await expect(files).toContainText('ファイルはまだありません');
    await settle(page);
    await expectAccessible(page, 'empty folder');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'ファイルを選択' }).click();
    await (await chooser).setFiles([
      { name: 'メモ.txt', mimeType: 'text/plain', buffer: MEMO },
      { name: '絵コンテ.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
    ]);
    for (const name of ['メモ.txt', '絵コンテ.pdf']) {
      const progress = page.getByRole('progressbar', { name: `「${name}」のアップロード進捗` });
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      await expect(progress).toContainText('完了');
    }
    await expect(fileRow(page, 'メモ.txt')).toContainText(founder.nickname);
    await expect(fileRow(page, '絵コンテ.pdf')).toContainText(founder.nickname);
    await expect(page.getByRole('progressbar')).toHaveCount(0); // finished rows leave after a while
    await settle(page);
    await expectAccessible(page, 'folder with two files');

    // The member opens the folder and comments on a file.
    await board(mPage).getByRole('button', { name: '閉じる' }).click();
    await expect(board(mPage)).toBeHidden();
    await mPage.reload();
    const mFolders = mPage.getByRole('table', { name: 'フォルダ' });
    // ファイル数 (the second cell) counts both files.
    await expect(folderRow(mPage, '資料').getByRole('cell').nth(1)).toHaveText('2');
    await mFolders.getByRole('button', { name: 'フォルダ「資料」を開く' }).click();
    await expect(fileRow(mPage, 'メモ.txt')).toBeVisible();
    await expect(fileRow(mPage, '絵コンテ.pdf')).toBeVisible();
    await fileRow(mPage, 'メモ.txt').getByRole('button', { name: '「メモ.txt」のコメント' }).click();
    const notes = mPage.getByRole('dialog', { name: 'コメント：メモ.txt' });
    await expect(notes.getByText('コメントはまだありません')).toBeVisible();
    await notes.getByRole('button', { name: '追加' }).click();
    await expect(notes.getByText('コメントはまだありません')).toBeVisible();
    await notes.getByRole('textbox', { name: 'コメント' }).fill('締め切りは金曜に変わりました');
    await notes.getByRole('button', { name: '追加' }).click();
    const noteList = notes.getByRole('list', { name: 'コメント一覧' });
    await expect(noteList.getByRole('listitem')).toHaveCount(1);
    await expect(noteList).toContainText('締め切りは金曜に変わりました');
    await expect(noteList).toContainText(member.nickname);
    await expect(notes.getByRole('textbox', { name: 'コメント' })).toHaveValue('');
    await settle(mPage);
    await expectAccessible(mPage, 'file comments dialog');
    await notes.getByRole('button', { name: '閉じる' }).last().click();
    await expect(notes).toBeHidden();

    // Downloading opens a signed link in a new window; the file comes back byte for byte.
    const downloaded = new Promise<Download>((resolve) => {
      memberContext.on('page', (popup) => popup.on('download', resolve));
    });
    await fileRow(mPage, 'メモ.txt').getByRole('button', { name: '「メモ.txt」をダウンロード' }).click();
    const download = await Promise.race([
      downloaded,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no download in 15 s')), 15_000)),
    ]);
    expect(download.url()).toMatch(/\/api\/files\/.+\?exp=\d+&sig=[\w-]+$/);
    expect(download.suggestedFilename()).toBe('メモ.txt');
    expect(fs.readFileSync(await download.path())).toEqual(MEMO);
    // The link is signed: without its signature it does not open.
    const unsigned = await memberContext.request.get(download.url().replace(/\?.*$/, ''));
    expect(unsigned.status()).toBe(404);

    // The founder renames the folder and deletes one file after confirming.
    await page.getByRole('button', { name: 'フォルダ一覧に戻る' }).click();
    await folders.getByRole('button', { name: 'フォルダ「資料」の名前を変更' }).click();
    const rename = page.getByRole('dialog', { name: 'フォルダ名を変更' });
    const nameBox = rename.getByRole('textbox', { name: 'フォルダ名' });
    await expect(nameBox).toHaveValue('資料');
    await nameBox.fill('資料（第1話）');
    await rename.getByRole('button', { name: '保存' }).click();
    await expect(rename).toBeHidden();
    await expect(folders.getByRole('button', { name: 'フォルダ「資料（第1話）」を開く' })).toBeVisible();
    await expect(folders.getByRole('button', { name: 'フォルダ「資料」を開く' })).toHaveCount(0);
    await folders.getByRole('button', { name: 'フォルダ「資料（第1話）」を開く' }).click();
    await expect(page.getByRole('heading', { name: 'フォルダ「資料（第1話）」のファイル' })).toBeVisible();
    await fileRow(page, '絵コンテ.pdf').getByRole('button', { name: '「絵コンテ.pdf」を削除' }).click();
    const confirm = page.getByRole('dialog', { name: '注意' });
    await expect(confirm).toContainText('この操作はファイルを完全に削除します。続行しますか?');
    await settle(page);
    await expectAccessible(page, 'delete file confirmation');
    await confirm.getByRole('button', { name: '削除' }).click();
    await expect(notice(page, '削除しました')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(fileRow(page, '絵コンテ.pdf')).toHaveCount(0);
    await expect(fileRow(page, 'メモ.txt')).toBeVisible();
    await page.getByRole('button', { name: 'フォルダ一覧に戻る' }).click();
    await expect(folderRow(page, '資料（第1話）').getByRole('cell').nth(1)).toHaveText('1');
    await folders.getByRole('button', { name: 'フォルダ「資料（第1話）」を開く' }).click();
    // The comment is still there for the founder.
    await fileRow(page, 'メモ.txt').getByRole('button', { name: '「メモ.txt」のコメント' }).click();
    const fNotes = page.getByRole('dialog', { name: 'コメント：メモ.txt' });
    await expect(fNotes.getByRole('list', { name: 'コメント一覧' })).toContainText(
      '締め切りは金曜に変わりました',
    );
    await fNotes.getByRole('button', { name: '閉じる' }).last().click();
    await expect(fNotes).toBeHidden();

    // A stranger asking for the operate tab sees only the project details.
    const sPage = await strangerContext.newPage();
    await logIn(sPage, stranger.email);
    await expect(sPage).toHaveURL(/\/dashboard$/);
    await sPage.goto(detailsPath(projectId, OPERATE));
    await expect(sPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(sPage.getByRole('tab', { name: 'プロジェクト詳細' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(sPage.getByRole('region', { name: 'メンバー' })).toContainText(member.nickname);
    await expect(sPage.getByRole('tab', { name: 'プロジェクト操作' })).toHaveCount(0);
    await expect(sPage.getByRole('button', { name: '伝言板' })).toHaveCount(0);
    await expect(sPage.getByRole('button', { name: 'フォルダを作成' })).toHaveCount(0);
    await expect(sPage.getByText('資料（第1話）')).toHaveCount(0);
    await expect(sPage.getByRole('button', { name: '募集する' })).toHaveCount(0);
    await settle(sPage);
    await expectAccessible(sPage, 'project details for a stranger');
    // Nor does the server hand the stranger the folders or the board (for non-members they do not exist).
    for (const url of [contract.folders.dirs.path, contract.board.list.path]) {
      const res = await request.post(url, { headers: { token: stranger.token }, data: { projectId } });
      expect(res.status(), url).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain('資料');
    }

    // The founder deletes the folder after confirming; the list is empty again.
    await page.getByRole('button', { name: 'フォルダ一覧に戻る' }).click();
    await folders.getByRole('button', { name: 'フォルダ「資料（第1話）」を削除' }).click();
    const confirmDir = page.getByRole('dialog', { name: '注意' });
    await expect(confirmDir).toContainText('この操作はフォルダを完全に削除します。続行しますか?');
    await confirmDir.getByRole('button', { name: '削除' }).click();
    await expect(confirmDir).toBeHidden();
    await expect(folders).toContainText('フォルダはまだありません');
  } finally {
    await memberContext.close();
    await strangerContext.close();
  }
});
