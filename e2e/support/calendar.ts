import { expect, type Page } from '@playwright/test';

/**
 * The lines of the VEVENT whose UID is `uid`, unfolded: iCalendar lines end in CRLF, and a line
 * longer than 75 bytes goes on after a CRLF and one space (RFC 5545, 3.1).
 */
export function eventLines(ics: string, uid: string): string[] {
  const events = ics
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT\r\n')
    .slice(1);
  const event = events.find((e) => e.split('\r\n').includes(`UID:${uid}`));
  return event ? event.split('\r\n') : [];
}

/** The one calendar event of a step in a feed: its UID as the feed writes it (modules/calendar). */
export const stepEventUid = (stepId: number | undefined) => `step-${stepId}@koma`;

/**
 * Makes the signed-in person's calendar URL in their settings, as they would, and returns the
 * feed it serves. page.request sends no token header (the feed reads only its URL's token).
 */
export async function makeCalendarFeed(page: Page): Promise<{ url: string; ics: string }> {
  await page.goto('/personalInfo/personalInfo');
  const section = page.getByRole('region', { name: 'カレンダー連携' });
  await expect(section.getByRole('status')).toHaveText('カレンダー連携は使っていません。');
  await section.getByRole('button', { name: 'URLを作る' }).click();
  const field = section.getByRole('textbox', { name: 'カレンダー用のURL' });
  await expect(field).toHaveValue(/\/api\/calendar\/feed\.ics\?token=/);
  const url = await field.inputValue();
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  return { url, ics: await res.text() };
}
