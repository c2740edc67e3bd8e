import {
  computeRoles,
  FriendStatus,
  LoginAttr,
  PairState,
  type ProfileDetail,
  type profileBody,
  UploadType,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput, notFound, notLoggedIn } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { sessionCache } from '../accounts/session-cache.js';
import type { SessionUser } from '../accounts/sessions.service.js';
import * as friendsRepo from '../friends/friends.repository.js';
import { matchIndexFor } from '../matching/match-index.js';
import * as matchingRepo from '../matching/matching.repository.js';
import { openingsFor } from '../projects/openings.js';
import { projectDetailsFor } from '../projects/project-details-cache.js';
import { attachSaved } from '../uploads/attach-uploads.js';
import { keyOfPath } from '../uploads/upload-names.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import * as repo from './profiles.repository.js';

type ProfileInput = z.output<typeof profileBody>;

const nonEmpty = (list: string[]) => list.filter((s) => s.trim() !== '');

export function createProfilesService({ db }: Deps) {
  async function friendStatus(viewer: number, other: number): Promise<number> {
    if (viewer === other) return FriendStatus.SELF;
    if (await friendsRepo.areFriends(db, viewer, other)) return FriendStatus.FRIENDS;
    if (await friendsRepo.hasPendingRequestBetween(db, viewer, other)) return FriendStatus.PENDING;
    return FriendStatus.NONE;
  }

  /** A changed picture must be the user's own upload of the right type; an unchanged one stays. */
  async function ownPicture(userId: number, path: string, current: string, type: number): Promise<string> {
    if (path === current || path === '') return path;
    await assertOwnUpload(db, userId, path, [type]);
    return path;
  }

  return {
    /** The session's own account: from the session when the route asked for it, else read. */
    async own(user: SessionUser) {
      const row = user.account ?? (await repo.findOwnProfile(db, user.id));
      if (!row) throw notLoggedIn();
      return row;
    },

    async detail(viewer: number, uid: number): Promise<ProfileDetail> {
      const row = await repo.findActiveProfile(db, uid);
      if (!row) throw notFound();
      const pair = viewer === uid ? undefined : await matchingRepo.findPairBetween(db, viewer, uid);
      return {
        id: row.id,
        nickname: row.nickname,
        pic: row.pic,
        icon: row.icon,
        loginattr: row.loginattr,
        type: row.creativecap,
        positions: row.positions,
        medias: row.medias,
        typebigs: row.genres,
        method: row.methods,
        drawmethod: row.drawmethod,
        experience: row.experience,
        adscartoon: row.adscartoon,
        publish: row.publish,
        introduction: row.introduction,
        cartoon: row.cartoon,
        cartooner: row.cartooner,
        cute: row.cute,
        theme: row.themes,
        reward: row.rewards,
        introduce: row.portfolio,
        achievements: row.achievements,
        friend: { status: await friendStatus(viewer, uid) },
        pairState: pair?.state ?? PairState.NOT_APPLIED,
      };
    },

    /** Saves the whole profile; changing positions recomputes the roles. */
    async update(userId: number, input: ProfileInput): Promise<void> {
      const current = await repo.findActiveProfile(db, userId);
      if (!current) throw notLoggedIn();
      const creator = current.loginattr === LoginAttr.CREATOR;
      if (creator && !input.positions?.length) throw badInput('requiredField');
      if (creator && !input.method?.length) throw badInput('requiredField');
      if (!creator && !input.drawmethod) throw badInput('selectRequired');
      const positions = creator ? (input.positions ?? []) : [];
      const pic = await ownPicture(userId, input.pic, current.pic, UploadType.AVATAR);
      const icon = await ownPicture(userId, input.icon, current.icon, UploadType.BACKGROUND);
      // A new picture is the profile's from this transaction on: the sweep leaves it (docs/files.md).
      const changed = [pic !== current.pic ? pic : '', icon !== current.icon ? icon : ''];
      await db.transaction(async (tx) => {
        await attachSaved(
          tx,
          changed.map((path) => keyOfPath(path) ?? ''),
        );
        await repo.updateProfile(tx, userId, {
          nickname: input.nickname,
          pic,
          icon,
          creativecap: input.type,
          positions,
          medias: input.medias,
          genres: input.typebigs,
          methods: creator ? (input.method ?? []) : [],
          drawmethod: creator ? null : (input.drawmethod ?? null),
          experience: creator ? [...new Set(input.experience)] : [],
          adscartoon: input.adscartoon ?? null,
          publish: input.publish ?? null,
          introduction: input.introduction,
          cartoon: input.cartoon,
          cartooner: input.cartooner,
          cute: input.cute,
          themes: nonEmpty(input.theme),
          rewards: nonEmpty(input.reward),
          portfolio: input.introduce,
          achievements: input.achievements,
          roles: computeRoles(current.loginattr, positions),
        });
      });
      // Nickname, roles and the account travel with the session.
      sessionCache.forgetUser(userId);
      // …and with the member lists of the project detail tabs.
      projectDetailsFor(db).clear();
      matchIndexFor(db).markStale();
      // The nickname shows on the founder's openings.
      openingsFor(db).markStale();
    },
  };
}
