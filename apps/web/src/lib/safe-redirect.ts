/**
 * Returns `target` when it is a same-origin relative path ("/x", not "//host" or "/\host"),
 * otherwise `fallback`. Guards the `redirect` query parameter against open redirects.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/')) return fallback;
  if (target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters could be normalised by the browser into something else.
  for (const ch of target) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  return target;
}

/** `/path?redirect=<current>` for the guard and the landing page. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  const safe = safeRedirect(redirect, '');
  return safe ? `${path}?redirect=${encodeURIComponent(safe)}` : path;
}
