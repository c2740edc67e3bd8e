import type { ProfileBody } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { confirmedUser, PASSWORD } from './accounts.js';
import { apiCall } from './api.js';

/** A short tag that makes nicknames of one test unique within the whole run (the data dir is shared). */
let tags = 0;
export function uniqueTag(): string {
  tags += 1;
  return `${Date.now().toString(36).slice(-6)}${tags}`;
}

/** A real 24x24 PNG (made with sharp), small enough to embed. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVR4nGN4ZhNFFcQwatCz0TB6NpqObEaziM1oMRI1WkJGDWQtAgChWVcuRfzHLAAAAABJRU5ErkJggg==',
  'base64',
);

export type Kind = 'creator' | 'editor';

export interface Person {
  email: string;
  nickname: string;
  id: number;
  token: string;
}

/** Logs in through the API: the session token of a confirmed account. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(contract.accounts.login.path, {
    data: { username: email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const token = (await res.json()).data?.token as string | undefined;
  expect(token).toBeTruthy();
  return token ?? '';
}

/** A full profile body for a kind (the required fields filled), with overrides. */
export function profileFor(kind: Kind, nickname: string, over: Partial<ProfileBody> = {}): ProfileBody {
  return {
    nickname,
    type: [1],
    medias: [1],
    typebigs: [5],
    ...(kind === 'creator' ? { positions: [2], method: [2] } : { drawmethod: 1 }),
    ...over,
  };
}

/**
 * A confirmed account made through the API, logged in through the API (token), with an optional
 * full profile saved and the first-login dialog optionally already closed.
 */
export async function apiPerson(
  request: APIRequestContext,
  kind: Kind,
  opts: { nickname?: string; profile?: Partial<ProfileBody>; welcomeClosed?: boolean } = {},
): Promise<Person> {
  const nickname = opts.nickname ?? `${kind === 'editor' ? '編集' : '作家'}${uniqueTag()}`;
  const { email } = await confirmedUser(request, { loginAttr: kind === 'editor' ? 2 : 1, nickname });
  const token = await apiToken(request, email);
  const { id } = await apiCall(request, token, contract.profiles.me, undefined);
  if (opts.profile)
    await apiCall(request, token, contract.profiles.save, profileFor(kind, nickname, opts.profile));
  if (opts.welcomeClosed) await apiCall(request, token, contract.accounts.closeFirstLogin, undefined);
  return { email, nickname, id, token };
}

/** `a` asks `b` to be friends and `b` agrees: friends, as the friend list shows them. */
export async function apiFriends(request: APIRequestContext, a: Person, b: Person): Promise<void> {
  await apiCall(request, a.token, contract.friends.apply, { toUid: b.id, message: '' });
  const { list } = await apiCall(request, b.token, contract.friends.requests, undefined);
  const msgId = list.find((r) => r.userId === a.id)?.msgId;
  expect(msgId).toBeTruthy();
  await apiCall(request, b.token, contract.friends.deal, { msgId: msgId ?? 0, state: 1, message: '' });
}

/** A sidebar entry (プロフィール also sits in the avatar menu, so always go through the sidebar). */
export function sideLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name, exact: true });
}

/** Picks an option of an antd Select found by its label (its role=option elements are hidden). */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const item = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) });
  await item.click();
}

/** The antd Select around a labelled combobox (to read what it shows). */
export function selectBox(page: Page, label: string): Locator {
  return page.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
}

/** The bell in the top bar; its name carries the unread count. */
export function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^お知らせ（未読 \d+ 件）$/ });
}

/** The unread count the bell announces. */
export async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const m = name.match(/未読 (\d+) 件/);
  return m ? Number(m[1]) : Number.NaN;
}

/** The "マッチ度 N%" values of result cards, in screen order. */
export async function matchPercents(cards: Locator): Promise<number[]> {
  const texts = await cards.allInnerTexts();
  return texts.map((t) => Number(t.match(/マッチ度 (\d+)%/)?.[1] ?? Number.NaN));
}

/** The success notification (mutation toast) with a text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: text });
}

/** From the friends list, a friend's profile popup, then its 「プロジェクトに招待」 dialog. */
export async function openInviteFromProfile(page: Page, nickname: string): Promise<Locator> {
  await page.goto('/friendsList/friendsList');
  await page.getByRole('button', { name: `${nickname} さんのプロフィールを表示`, exact: true }).click();
  await page
    .getByRole('dialog', { name: 'プロフィール' })
    .getByRole('button', { name: 'プロジェクトに招待' })
    .click();
  const dialog = page.getByRole('dialog', { name: `${nickname}さんをプロジェクトに招待` });
  await expect(dialog).toBeVisible();
  return dialog;
}
