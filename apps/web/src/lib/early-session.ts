import type { ApiReply } from '@koma/shared/contract';
import { call } from './api-client';
import { getToken } from './token';

/**
 * The logged-in user's info (profiles.me), requested by main.tsx at start-up when
 * the path is a logged-in screen, so that it travels while the screen's code downloads instead
 * of queueing behind it. lib/session.ts takes the reply over (once); if this request failed, the
 * session query makes its own, which reports as usual.
 */
let early: Promise<ApiReply<'profiles', 'me'>> | null = null;

export function requestSessionEarly(): void {
  if (!getToken()) return;
  early = call('profiles', 'me', undefined, { silent: true, quiet: true });
  early.catch(() => undefined);
}

export function takeEarlySession(): Promise<ApiReply<'profiles', 'me'>> | null {
  const reply = early;
  early = null;
  return reply;
}
