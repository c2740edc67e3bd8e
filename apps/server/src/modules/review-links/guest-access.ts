import type { Deps } from '../../lib/deps.js';
import type { Guest } from './guest-session.js';
import { touchGuest } from './review-links.repository.js';

/** What a guest was handed by one read: the pages (by id) and whether links to the originals came too. */
export interface GuestRead {
  pageIds: number[];
  downloads: boolean;
}

/**
 * The one place a guest's look at pages (and the links to download their originals, when the link
 * allows it) is recorded: every guest read that hands out renditions calls it. Today it keeps the
 * guest's last look (the links list shows it); issue 42's access record is to be written here too.
 */
export async function recordGuestRead(deps: Pick<Deps, 'db'>, guest: Guest, _read: GuestRead): Promise<void> {
  await touchGuest(deps.db, guest.id, new Date());
}
