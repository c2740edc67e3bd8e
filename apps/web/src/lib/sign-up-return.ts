import { safeRedirect, withRedirect } from './safe-redirect';

const KEY = 'koma.signUpReturn';
/** A sign-up is finished within a day or it is forgotten (the mail's confirmation link lasts no longer). */
const KEEP_MS = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be refused (private windows, blocked cookies): then nobody comes back.
    return null;
  }
}

/**
 * Remembers where a visitor who starts signing up should land after their first login: a mail
 * invitation's page (docs/access.md, "Inviting"). localStorage, not the URL: the sign-up passes
 * through the confirmation mail, whose link opens a new tab.
 */
export function rememberSignUpReturn(path: string): void {
  const safe = safeRedirect(path, '');
  if (safe) storage()?.setItem(KEY, JSON.stringify({ path: safe, at: Date.now() }));
}

/** /login, with ?redirect= to the remembered page if there is one; forgets it. */
export function loginAfterSignUp(now = Date.now()): string {
  const store = storage();
  const raw = store?.getItem(KEY);
  store?.removeItem(KEY);
  if (!raw) return '/login';
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > KEEP_MS) return '/login';
    return withRedirect('/login', path);
  } catch {
    return '/login';
  }
}
