import { COOKIE } from '@koma/shared';
import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Traps for the XSS browser test: every payload of the corpus tries to set `window.__xss` or open a
 * dialog. A page watched here records dialogs (and dismisses them), CSP violations (a blocked
 * attempt, fine but recorded) and uncaught page errors.
 */
export interface XssWatch {
  dialogs: string[];
  violations: string[];
  errors: string[];
}

export function watchPage(page: Page, watch: XssWatch): void {
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
  page.on('console', (message) => {
    if (message.text().startsWith('csp-violation ')) watch.violations.push(message.text());
  });
}

/** Before any script of the app: a CSP violation listener that reports through the console. */
export async function armContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.log(`csp-violation ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
}

/** Logs `page`'s context in with a session token, as the login screen would leave it. */
export async function signInWithToken(
  context: BrowserContext,
  baseURL: string,
  token: string,
): Promise<void> {
  await context.addCookies([{ name: COOKIE.token, value: token, url: baseURL }]);
}

/** Nothing ran: the flag every payload tries to set is unset, and no dialog opened. */
export async function expectNothingRan(page: Page, watch: XssWatch, where: string): Promise<void> {
  const flags = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const parent = window.parent as unknown as Record<string, unknown>;
    return { self: w.__xss ?? null, parent: parent.__xss ?? null };
  });
  expect(flags, `a payload ran on ${where}`).toEqual({ self: null, parent: null });
  expect(watch.dialogs, `a dialog opened on ${where}`).toEqual([]);
}
