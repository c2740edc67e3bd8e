import { type Language, roleString, type UserIndexData } from '@koma/shared';
import { notLoggedIn } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { referenceLists } from '../reference/reference.service.js';
import * as repo from './profiles.repository.js';

export function createProfilesService({ db }: Deps) {
  return {
    /** The session's user info (spec: GET /api/cartoonser/index). */
    async index(userId: number, lang: Language): Promise<UserIndexData> {
      const row = await repo.findOwnProfile(db, userId);
      if (!row) throw notLoggedIn();
      return {
        id: row.id,
        nickname: row.nickname,
        email: row.email,
        pic: row.pic,
        icon: row.icon,
        role: roleString(row.roles),
        loginattr: row.loginattr,
        isFirst: row.isFirst,
        positions: row.positions.join(','),
        type: row.creativecap,
        medias: row.medias,
        typebigs: row.genres,
        method: row.methods,
        lists: referenceLists(lang),
      };
    },
  };
}
