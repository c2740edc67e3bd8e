/**
 * The guest token of the link open in this tab (docs/access.md, "Review links"): kept for the tab
 * only, so a reload does not count another view, and keyed by the link so another link asks again.
 */
const keyOf = (linkToken: string) => `koma_review_${linkToken.slice(0, 16)}`;

export function storedGuestToken(linkToken: string): string | null {
  try {
    return window.sessionStorage.getItem(keyOf(linkToken));
  } catch {
    return null;
  }
}

export function storeGuestToken(linkToken: string, guestToken: string | null): void {
  try {
    if (guestToken) window.sessionStorage.setItem(keyOf(linkToken), guestToken);
    else window.sessionStorage.removeItem(keyOf(linkToken));
  } catch {
    // A browser that keeps nothing asks for the name again after a reload.
  }
}

/** The link's token, carried in the address's fragment (never sent to the server by the browser). */
export const linkTokenOf = (hash: string): string => decodeURIComponent(hash.replace(/^#/, ''));
