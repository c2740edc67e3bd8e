import { deflateSync } from 'node:zlib';
import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiCall } from './api.js';
import type { Person } from './people.js';
import { apiPair } from './projects.js';

/** The CRC-32 of PNG chunks (node 20 has no zlib.crc32). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of one colour (RGB, 8 bits), `width`×`height`: every colour gives other bytes, so a
 * file found later (in a zip, behind a link) can be told apart from the others.
 */
export function solidPng(rgb: [number, number, number], width = 16, height = 24): Buffer {
  return boxedPng(rgb, width, height, []);
}

/** A box of a picture: its top left corner, size and colour. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rgb: [number, number, number];
}

/**
 * A real PNG of one colour with boxes painted over it: two revisions of one page that differ in
 * known places (the viewer's difference mode counts them).
 */
export function boxedPng(rgb: [number, number, number], width: number, height: number, boxes: Box[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // One filter byte (0) then RGB per pixel; rows without a box share the plain row.
  const plain = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const rows = Array.from({ length: height }, (_, y) => {
    const across = boxes.filter((b) => y >= b.y && y < b.y + b.height);
    if (across.length === 0) return plain;
    const row = Buffer.from(plain);
    for (const box of across) {
      for (let x = Math.max(0, box.x); x < Math.min(width, box.x + box.width); x++)
        row.set(box.rgb, 1 + x * 3);
    }
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The entries of a zip of stored (uncompressed) files, read from its central directory (the
 * manuscript zip stores its pages; the server's chapter-zip test reads it the same way).
 */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`${name} is compressed`);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(name, zip.subarray(data, data + size));
    at += 46 + skip;
  }
  return entries;
}

/** The founder and the editor pair, the founder invites the editor in charge and the editor accepts. */
export async function apiEditorInCharge(
  request: APIRequestContext,
  founder: Person,
  editor: Person,
  projectId: number,
): Promise<void> {
  await apiPair(request, founder, editor);
  await apiCall(request, founder.token, contract.projects.invite, {
    projectid: projectId,
    userid: editor.id,
  });
  await apiCall(request, editor.token, contract.projects.answer, { projectId, checkStatus: 1 });
}

/** Every to-do tile text (docs/states.md), for finding the dashboard's tiles among other buttons. */
const TODO_TEXTS = [
  '担当編集者への招待',
  '募集への応募者',
  'ネームの提出',
  'ネームの承認依頼',
  'ネームの修正依頼',
  '作業設定',
  '作業中のページ',
  '作業の承認依頼',
  '作業の修正依頼',
  '校了の承認依頼',
  '校了の差し戻し',
  '未対応の赤入れ',
  '赤入れの確認',
  'チームへの招待',
];
const TILE = new RegExp(`^\\s*\\d+\\s*(${TODO_TEXTS.join('|')})\\s*$`);

/** A to-do tile of the dashboard (its text is the count, then what it asks). */
export function todoTile(page: Page, text: string): Locator {
  return page.getByRole('listitem').getByRole('button', { name: new RegExp(`^\\s*\\d+\\s*${text}\\s*$`) });
}

/**
 * Opens the dashboard afresh and checks that its to-do tiles are exactly `expected` (text → count).
 */
export async function expectTodos(page: Page, expected: Record<string, number>): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'TODO一覧' })).toBeVisible();
  const want = Object.entries(expected)
    .map(([text, count]) => `${count} ${text}`)
    .sort();
  if (want.length === 0) {
    await expect(page.getByText('未処理のタスクはありません~')).toBeVisible();
    return;
  }
  const tiles = page.getByRole('listitem').getByRole('button', { name: TILE });
  await expect(tiles).toHaveCount(want.length);
  const seen = (await tiles.allInnerTexts())
    .map((t) => {
      const m = t
        .replace(/\s+/g, ' ')
        .trim()
        .match(/^(\d+) ?(.*)$/);
      return m ? `${m[1]} ${m[2]}` : t;
    })
    .sort();
  expect(seen).toEqual(want);
}

/**
 * From the dashboard: the tile `text`, then 処理へ on the row (or card) of `projectTitle` (and of
 * `rowText`, where a chapter has several rows: a step or a page each).
 */
export async function goToTodo(page: Page, text: string, projectTitle: string, rowText = ''): Promise<void> {
  await todoTile(page, text).click();
  const dialog = page.getByRole('dialog', { name: text });
  await expect(dialog).toBeVisible();
  // A table's rows on a desk, a card each on a phone (todo-dialog.tsx).
  const rows = dialog.getByRole('row').or(dialog.getByRole('listitem')).filter({ hasText: projectTitle });
  await (rowText ? rows.filter({ hasText: rowText }) : rows).getByRole('button', { name: '処理へ' }).click();
}

/** A confirmation (antd Modal.confirm) by its title, answered with `ok`. */
export async function confirm(page: Page, title: string, ok: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Chooses `file` through the file chooser that `button` opens (as a user does). */
export async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; buffer: Buffer; mimeType?: string },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ mimeType: 'image/png', ...file });
}

/** The step dialog of a page on the work screen. */
export function stepDialog(page: Page, num: number): Locator {
  return page.getByRole('dialog', { name: `${num}ページの作業工程` });
}

/**
 * The row of a task (メイン作画, 背景デザイン) in a step dialog: a table row on a wide screen, a
 * card (list item, the task its title) on a phone (issue 30 §5).
 */
export function stepRow(dialog: Locator, task: string): Locator {
  const page = dialog.page();
  return dialog
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: task, exact: true }) })
    .or(
      dialog.getByRole('listitem').filter({ has: page.locator('strong').getByText(task, { exact: true }) }),
    );
}

/** The pages of the work screen's page list: table rows, or cards on a phone. */
export function workPageItems(page: Page): Locator {
  return page
    .getByRole('table', { name: 'ページ一覧' })
    .getByRole('row')
    .or(page.getByRole('list', { name: 'ページ一覧' }).getByRole('listitem'));
}

/** The row (or, on a phone, the card) of a page on the work screen's page list. */
export function workPageRow(page: Page, num: number): Locator {
  return workPageItems(page).filter({
    has: page.getByRole('button', { name: `${num}ページの作業工程を開く`, exact: true }),
  });
}

/** Opens a page's step dialog from the work screen. */
export async function openSteps(page: Page, num: number): Promise<Locator> {
  await page.getByRole('button', { name: `${num}ページの作業工程を開く`, exact: true }).click();
  const dialog = stepDialog(page, num);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens a task's 更新履歴 from its row's menu in a step dialog. */
export async function openStepHistory(steps: Locator, task: string): Promise<Locator> {
  const page = steps.page();
  await stepRow(steps, task)
    .getByRole('button', { name: `${task}のその他の操作` })
    .click();
  await page.getByRole('menuitem', { name: '更新履歴' }).click();
  const history = page.getByRole('dialog', { name: `更新履歴（${task}）` });
  await expect(history).toBeVisible();
  return history;
}

/** Closes a step dialog (its footer button). */
export async function closeSteps(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(dialog).toBeHidden();
}

/** The hand-in dialog a chosen file opens on a step (issue 30): it shows the file and asks first. */
export function handInDialog(page: Page, task: string): Locator {
  return page.getByRole('dialog', { name: `${task}を提出` });
}

/** Answers the hand-in dialog with 提出する (or このまま提出する over open marks). */
export async function submitHandIn(page: Page, task: string): Promise<void> {
  const dialog = handInDialog(page, task);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^(提出する|このまま提出する)$/ }).click();
  await expect(dialog).toBeHidden();
}
