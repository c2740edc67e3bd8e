import { type Language, roleString, type UserIndexData } from '@koma/shared';
import type { OwnAccount } from '../accounts/accounts.repository.js';
import { referenceLists } from '../reference/reference.service.js';

/**
 * The session's user info in the original product's shape: roles and positions as
 * comma-separated ids, and the same ids as numbers (`roleIds`, `positionIds`) so a client need
 * not split them; the reference lists named in the caller's language.
 */
export function userIndexOf(row: OwnAccount, lang: Language): UserIndexData {
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
    roleIds: row.roles,
    positionIds: row.positions,
  };
}
