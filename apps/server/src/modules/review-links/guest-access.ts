import { WatermarkOriginals } from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import { viewerCode, type Watermark } from '../watermarks/watermarks.service.js';
import type { Guest } from './guest-session.js';
import { touchGuest } from './review-links.repository.js';

/** What a guest was handed by one read: the pages (by id) and whether links to the originals came too. */
export interface GuestRead {
  pageIds: number[];
  downloads: boolean;
}

/**
 * A guest's pictures always carry her watermark, whatever the project's setting for members: she
 * is outside the team (docs/access.md, "Review links"). Its code names her and her link in the
 * access record, which each picture served under it writes (watermarks/watermarked-renditions.ts).
 * A link that allows downloads hands out her watermarked preview, never the original file.
 */
export async function guestWatermarkOf(deps: Pick<Deps, 'db'>, guest: Guest): Promise<Watermark> {
  const code = await viewerCode(deps.db, {
    projectId: guest.link.projectId,
    viewer: `g:${guest.id}`,
    name: guest.name,
    reviewLinkId: guest.link.id,
    guestName: guest.name,
  });
  return { code, originals: guest.link.downloads ? WatermarkOriginals.WATERMARK : WatermarkOriginals.REFUSE };
}

/**
 * The one place a guest's look at the link's page list is kept: her last look (the links list
 * shows it). Each picture she is then served is recorded in the access record under her code.
 */
export async function recordGuestRead(deps: Pick<Deps, 'db'>, guest: Guest, _read: GuestRead): Promise<void> {
  await touchGuest(deps.db, guest.id, new Date());
}
