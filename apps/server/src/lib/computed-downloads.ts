import type { Readable } from 'node:stream';
import { LIMITS } from '@koma/shared';
import { tooManyRequests, unavailable } from './app-error.js';

/** What a refused download is told to wait: a place frees as soon as a download ends. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The downloads that compute, counted for the whole instance (docs/access.md, "Downloads that
 * compute"): a delivery being made and a correction sheet being laid out take a place each, from
 * the moment they are asked until their stream closes (sent, failed or dropped by the reader).
 * Full, a download is refused at once (503 `downloadsBusy`, with Retry-After) rather than queued:
 * a waiting download would hold a connection and the memory of its request for minutes. The same
 * person (whoever asked for the link, signed into it) has `LIMITS.computedDownloadsPerUser` running
 * at most: another of theirs is refused (429 `downloadRunning`), so neither one link opened many
 * times at once nor many links asked in a row make more work than one download.
 */
export function computedDownloadPool(size: number, perUser: number) {
  const running = new Map<number, number>();
  let taken = 0;

  const release = (userId: number) => {
    taken -= 1;
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };

  return {
    /** Takes a place for `userId`, or refuses; the place is let go by the returned function (once). */
    take(userId: number): () => void {
      if ((running.get(userId) ?? 0) >= perUser)
        throw tooManyRequests('downloadRunning', RETRY_AFTER_SECONDS * 1000);
      if (taken >= size) throw unavailable('downloadsBusy');
      taken += 1;
      running.set(userId, (running.get(userId) ?? 0) + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        release(userId);
      };
    },
    /** Holds `userId`'s place until `stream` closes (its end, an error, or the reader gone). */
    hold<T extends Readable>(stream: T, leave: () => void): T {
      if (stream.closed || stream.destroyed) leave();
      else stream.once('close', leave);
      return stream;
    },
    /** Places taken now (tests, the bench). */
    get taken() {
      return taken;
    },
  };
}

/** The instance's pool: deliveries and correction sheets draw on the same places. */
export const computedDownloads = computedDownloadPool(
  LIMITS.computedDownloadsAtOnce,
  LIMITS.computedDownloadsPerUser,
);
