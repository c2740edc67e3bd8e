import type { DealProjectBody } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiCall } from './api.js';
import type { Person } from './people.js';

/** A real 24x24 PNG (made with sharp), small enough to embed. */
export const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVR4nGN4ZhNFFcQwatCz0TB6NpqObEaziM1oMRI1WkJGDWQtAgChWVcuRfzHLAAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal one-page PDF (enough for a file that is stored and downloaded as is). */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Koma's calendar days are Tokyo days (YYYY-MM-DD), `offset` days from today. */
export function tokyoDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** The same day as the app shows it (YYYY/MM/DD). */
export function shownDay(offset = 0): string {
  return tokyoDay(offset).replaceAll('-', '/');
}

/** Uploads a cover image (multipart: type 3, then the file): its stored path. */
export async function uploadCover(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post(contract.uploads.upload.path, {
    headers: { token },
    multipart: { type: '3', file: { name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.path as string;
}

/** A project made through the API (dealProject): its id. */
export async function apiProject(
  request: APIRequestContext,
  founder: Person,
  over: Partial<DealProjectBody> = {},
): Promise<number> {
  const data = await apiCall(request, founder.token, contract.projects.save, {
    icon: await uploadCover(request, founder.token),
    title: '月の庭',
    kind: 2,
    type: 1,
    creativecap: [1],
    typeb: [5, 6],
    content: '月の見える庭で\n出会った二人の物語。',
    ...over,
  });
  return data.projectId;
}

/** A founder (creator) and an editor paired through the API (the editor agrees). */
export async function apiPair(request: APIRequestContext, founder: Person, editor: Person): Promise<void> {
  await apiCall(request, founder.token, contract.matching.apply, { toUid: editor.id, message: '' });
  const { pairs } = await apiCall(request, editor.token, contract.dashboard.home, undefined);
  const msgId = pairs[0]?.msgId;
  if (msgId === undefined) throw new Error('the editor has no pairing request');
  await apiCall(request, editor.token, contract.matching.deal, {
    msgId,
    state: 1,
    message: '',
  });
}

/**
 * A project-level recruitment for 14 days from today (or from `startIn` days ahead: scheduled),
 * `num` of each position.
 */
export async function apiRecruit(
  request: APIRequestContext,
  founder: Person,
  projectId: number,
  positions: number[] = [2],
  { num = 1, startIn = 0 }: { num?: number; startIn?: number } = {},
): Promise<void> {
  await apiCall(request, founder.token, contract.recruitment.add, {
    kind: 1,
    projectId,
    stime: tokyoDay(startIn),
    etime: tokyoDay(startIn + 14),
    positions: positions.map((position_id) => ({ position_id, num })),
    condition: '',
  });
}

/** `person` applies for `posId` of the project's recruitment (apiRecruit). */
export async function apiApply(
  request: APIRequestContext,
  person: Person,
  projectId: number,
  posId = 2,
  message = '',
): Promise<void> {
  await apiCall(request, person.token, contract.recruitment.apply, { kind: 1, projectId, posId, message });
}

/** `member` applies for `posId` and the founder accepts: a member of the project. */
export async function apiJoin(
  request: APIRequestContext,
  founder: Person,
  member: Person,
  projectId: number,
  posId = 2,
): Promise<void> {
  await apiApply(request, member, projectId, posId);
  await apiCall(request, founder.token, contract.recruitment.accept, {
    projectId,
    kind: 1,
    posId,
    userId: member.id,
  });
}

/** Another browser (same settings as the test's own page). */
export async function otherContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    reducedMotion: 'reduce',
  });
}

export const detailsPath = (projectId: number, extra = '') =>
  `/projectDetails/projectDetails?proId=${projectId}${extra}`;

/** The value cell of a labelled row of a bordered antd Descriptions (プロジェクト facts). */
export function fact(scope: Page | Locator, label: string): Locator {
  // The inner locator of `has` is relative to each row: built from the page, not from `scope`.
  const page = 'mainFrame' in scope ? scope : scope.page();
  return scope
    .locator('tr')
    .filter({ has: page.locator('th').getByText(label, { exact: true }) })
    .locator('td');
}

/** The error under a form field (antd Form.Item), found by the field's label. */
export function fieldError(page: Page, label: string): Locator {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator('label').getByText(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
}

/** Every visible field error of the form. */
export function formErrors(page: Page): Locator {
  return page.locator('.ant-form-item-explain-error');
}

/** Moves the mouse to a corner (a hovered default button can fail contrast) and lets motion settle. */
export async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
}

/** A success notification (mutation toast) with a text. */
export function notice(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: text });
}

/** The project cards' title links of a list section (連載中 / 完成した) in the active tab. */
export function listSection(page: Page, heading: '連載中' | '完成した'): Locator {
  return page.getByRole('tabpanel').getByRole('region', { name: heading });
}

/** The text as rendered (line breaks and kept spaces as a reader sees them, not the DOM's). */
export function renderedText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
  return locator.innerText();
}
