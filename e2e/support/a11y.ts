import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical accessibility violation on the screen as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A dialog still fading or zooming in is measured at part opacity: contrast is judged once the
  // screen is still, and at rest — not under the pointer left on the button just clicked.
  await page.mouse.move(0, 0);
  // Dialogs load their code on first open: let what the screen asked for arrive first.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Spinners and other endless animations never settle; they are not what is being measured.
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}
