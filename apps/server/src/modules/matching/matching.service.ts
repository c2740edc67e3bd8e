import {
  type findCartoonserBody,
  LIMITS,
  LiveEvent,
  LoginAttr,
  NoticeKind,
  PairState,
  type PersonSearchData,
  ReplyState,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput, conflict, notFound, notLoggedIn } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import { type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import * as repo from './matching.repository.js';

type SearchInput = z.output<typeof findCartoonserBody>;

export const oppositeKind = (loginattr: number) =>
  loginattr === LoginAttr.CREATOR ? LoginAttr.EDITOR : LoginAttr.CREATOR;

export function createMatchingService(deps: Deps) {
  const { db, live } = deps;

  async function viewerOf(userId: number) {
    const viewer = await repo.findMatchProfile(db, userId);
    if (!viewer) throw notLoggedIn();
    return viewer;
  }

  return {
    /** Person search: always the opposite kind, never the caller nor provisional accounts. */
    async search(me: number, input: SearchInput): Promise<PersonSearchData> {
      const viewer = await viewerOf(me);
      const { page, pageSize } = input;
      return repo.searchPeople(
        db,
        viewer,
        {
          viewerId: me,
          kind: oppositeKind(viewer.loginattr),
          nick: input.nick,
          status: input.status,
          genres: input.typeb,
          medias: input.media,
          creativecap: input.creativecap,
          adscartoon: input.adscartoon,
        },
        pageSize,
        (page - 1) * pageSize,
      );
    },

    async recommend(me: number) {
      const viewer = await viewerOf(me);
      const people = await repo.recommendPeople(
        db,
        viewer,
        me,
        oppositeKind(viewer.loginattr),
        LIMITS.recommendationCount,
      );
      return people.map((p) => ({ ...p, pairid: null, msgId: null, message: '' }));
    },

    incoming: (me: number) => repo.listIncomingPairs(db, me),

    async apply(me: number, toUid: number, message: string): Promise<void> {
      if (toUid === me) throw badInput('pairingSelf');
      const [viewer, target] = await Promise.all([viewerOf(me), repo.findMatchProfile(db, toUid)]);
      if (!target) throw notFound();
      if (target.loginattr === viewer.loginattr) throw badInput('pairingSameKind');
      const pending: PendingNotice[] = [
        { userId: toUid, kind: NoticeKind.PAIRING_RECEIVED, params: { nickname: viewer.nickname } },
      ];
      try {
        await db.transaction(async (tx) => {
          if (await repo.findPairBetween(tx, me, toUid)) throw conflict('pairingExists');
          await repo.insertPair(tx, me, toUid, message);
          await storeNotices(tx, pending);
        });
      } catch (err) {
        // Two requests racing between the same two people: the unique index keeps one.
        if (isUniqueViolation(err)) throw conflict('pairingExists');
        throw err;
      }
      pushNotices(deps, pending);
      live.publish(toUid, { event: LiveEvent.PAIRING });
    },

    async deal(me: number, msgId: number, state: number, message: string): Promise<void> {
      const agree = state === ReplyState.AGREE;
      const viewer = await viewerOf(me);
      const pending: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const decided = await repo.decidePair(
          tx,
          msgId,
          me,
          agree ? PairState.AGREED : PairState.REFUSED,
          message,
        );
        if (!decided) {
          const existing = await repo.findPair(tx, msgId);
          throw existing?.toUserId === me ? conflict() : notFound();
        }
        pending.push({
          userId: decided.fromUserId,
          kind: agree ? NoticeKind.PAIRING_AGREED : NoticeKind.PAIRING_REFUSED,
          params: { nickname: viewer.nickname, ...(message ? { message } : {}) },
        });
        await storeNotices(tx, pending);
      });
      pushNotices(deps, pending);
    },
  };
}
