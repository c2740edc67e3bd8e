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
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { matchIndexFor } from './match-index.js';
import { maskOf, masksOf } from './match-score.js';
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

  const index = matchIndexFor(db);

  /** The viewer, their pairings, and a fresh index: what every ranking of people needs. */
  async function rankingContext(me: number) {
    const [states] = await Promise.all([repo.pairStatesOf(db, me), index.fresh()]);
    // The index holds the viewer too, as fresh as anyone: no extra query per search.
    const indexed = index.get(me);
    const masks = indexed ?? masksOf(await viewerOf(me));
    const loginattr = indexed?.loginattr ?? (await viewerOf(me)).loginattr;
    return { states, masks, kind: oppositeKind(loginattr) };
  }

  return {
    /** Person search: always the opposite kind, never the caller nor provisional accounts. */
    async search(me: number, input: SearchInput): Promise<PersonSearchData> {
      const { states, masks, kind } = await rankingContext(me);
      const paired = new Set(states.keys());
      const withState = new Set([...states].filter(([, s]) => s === input.status).map(([id]) => id));
      const { page, total } = index.search(
        {
          viewer: masks,
          viewerId: me,
          kind,
          nick: input.nick,
          genres: maskOf(input.typeb),
          medias: maskOf(input.media),
          creativecap: maskOf(input.creativecap),
          adscartoon: input.adscartoon,
          ...(input.status === PairState.NOT_APPLIED ? { except: paired } : {}),
          ...(input.status && input.status !== PairState.NOT_APPLIED ? { only: withState } : {}),
        },
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return {
        list: page.map(({ id, score }) => ({
          userid: id,
          nickname: index.get(id)?.nickname ?? '',
          pic: index.get(id)?.pic ?? '',
          match: score,
          state: states.get(id) ?? PairState.NOT_APPLIED,
        })),
        total,
      };
    },

    /** The best matches of the opposite kind the user has no pairing with yet. */
    async recommend(me: number) {
      const { states, masks, kind } = await rankingContext(me);
      const { page } = index.search(
        {
          viewer: masks,
          viewerId: me,
          kind,
          nick: '',
          genres: 0,
          medias: 0,
          creativecap: 0,
          adscartoon: null,
          except: new Set(states.keys()),
        },
        0,
        LIMITS.recommendationCount,
      );
      return page.map(({ id, score }) => ({
        userid: id,
        nick: index.get(id)?.nickname ?? '',
        head: index.get(id)?.pic ?? '',
        match: score,
        pairid: null,
        msgId: null,
        message: '',
      }));
    },

    incoming: (me: number) => repo.listIncomingPairs(db, me),

    async apply(me: number, toUid: number, message: string): Promise<void> {
      if (toUid === me) throw badInput('pairingSelf');
      const [viewer, target] = await Promise.all([viewerOf(me), repo.findMatchProfile(db, toUid)]);
      if (!target) throw notFound();
      if (target.loginattr === viewer.loginattr) throw badInput('pairingSameKind');
      const pending: PendingNotice[] = [
        {
          userId: toUid,
          kind: NoticeKind.PAIRING_RECEIVED,
          params: { nickname: viewer.nickname },
          target: noticeTarget.person(me),
        },
      ];
      try {
        await db.transaction(async (tx) => {
          if (await repo.findPairBetween(tx, me, toUid)) throw conflict('pairingExists');
          await repo.insertPair(tx, me, toUid, message);
          await storeNotices(deps, tx, pending);
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
          target: noticeTarget.person(me),
        });
        await storeNotices(deps, tx, pending);
      });
      pushNotices(deps, pending);
    },
  };
}
