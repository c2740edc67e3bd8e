import type { CalendarFeedStatusData, Language } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { notFound } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/crypto-tokens.js';
import type { Deps } from '../../lib/deps.js';
import { feedText } from './calendar.presenter.js';
import * as repo from './calendar.repository.js';

/**
 * A user's private calendar feed (docs/calendar.md): a secret URL whose token is stored only as
 * its hash, so it is shown once, when made; making a new one or stopping the feed ends the old URL.
 */
export function createCalendarService({ db, config }: Pick<Deps, 'db' | 'config'>) {
  return {
    async status(userId: number): Promise<CalendarFeedStatusData> {
      const feed = await repo.feedOf(db, userId);
      return {
        exists: feed !== undefined,
        lang: (feed?.lang as Language | undefined) ?? null,
        create_time: feed?.createdAt.toISOString() ?? null,
      };
    },

    async make(userId: number, lang: Language): Promise<{ url: string }> {
      const { token, hash } = newToken();
      await repo.replaceFeed(db, userId, hash, lang);
      return { url: `${config.publicUrl}${contract.calendar.feed.path}?token=${token}` };
    },

    async stop(userId: number): Promise<void> {
      // Stopping a feed that is already gone leaves the same state: nothing to refuse.
      await repo.deleteFeed(db, userId);
    },

    /** The feed's text; a wrong, missing or revoked token is a plain 404, telling nothing more. */
    async feed(token: string): Promise<string> {
      if (!token) throw notFound();
      const owner = await repo.ownerOfToken(db, hashToken(token));
      if (!owner) throw notFound();
      const [steps, chapters] = await Promise.all([
        repo.dueStepsOf(db, owner.userId),
        repo.openChaptersOf(db, owner.userId),
      ]);
      const lang = owner.lang as Language;
      return feedText({ steps, chapters, lang, publicUrl: config.publicUrl }, new Date());
    },
  };
}
