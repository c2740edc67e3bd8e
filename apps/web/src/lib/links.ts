import { toastWarning } from './feedback';
import { i18n } from './i18n';

/**
 * Only web addresses are opened (never a javascript: or data: URL); relative links are resolved
 * against `origin`. Null when the link is not one.
 */
export function safeUrl(url: string, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Opens the link `getUrl` resolves to in a new tab. The tab is opened before the call, so that
 * the browser does not treat it as an unasked pop-up; it closes again when the call fails.
 */
export async function openInNewTab(getUrl: () => Promise<string>): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const url = safeUrl(await getUrl(), window.location.origin);
    if (!url) throw new Error('unsafe url');
    if (!win) {
      toastWarning(i18n.t('chapterDetails.popupBlocked'));
      return;
    }
    win.opener = null;
    win.location.href = url;
  } catch {
    win?.close();
  }
}

function clickAnchor(url: string, how: { newTab?: boolean; download?: boolean }): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener noreferrer';
  if (how.newTab) anchor.target = '_blank';
  if (how.download) anchor.download = '';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Opens a link the screen already has (a signed download link) in a new tab, from a click. */
export function openLink(link: string): void {
  const url = safeUrl(link, window.location.origin);
  if (url) clickAnchor(url, { newTab: true });
}

/**
 * Lets the browser fetch a file itself (a signed link answering with an attachment): it streams
 * it to the downloads, nothing is held in memory, and the screen stays where it is.
 */
export function downloadLink(link: string): void {
  const url = safeUrl(link, window.location.origin);
  if (url) clickAnchor(url, { download: true });
}
