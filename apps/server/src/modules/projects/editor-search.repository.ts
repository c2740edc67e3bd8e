import { AccountStatus, LIMITS, LoginAttr } from '@koma/shared';
import { and, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { containsPattern } from '../../lib/sql-helpers.js';
import { users } from '../accounts/accounts.table.js';

const activeEditor = and(eq(users.loginattr, LoginAttr.EDITOR), eq(users.status, AccountStatus.ACTIVE));

/**
 * Active editor accounts whose nickname holds `keyword`, or whose address is exactly it (an
 * address is matched whole, never by part, and never replied: nobody learns addresses by
 * searching). The invite-editor dialog's search (docs/access.md, "Inviting the editor in charge").
 */
export async function searchEditors(db: Executor, keyword: string) {
  return db
    .select({ uid: users.id, nick: users.nickname, pic: users.pic })
    .from(users)
    .where(
      and(
        activeEditor,
        or(ilike(users.nickname, containsPattern(keyword)), eq(users.email, keyword.toLowerCase())),
      ),
    )
    .orderBy(users.nickname)
    .limit(LIMITS.editorSearchMax);
}

/** Whether the user is an active editor account: who may be invited as the editor in charge. */
export async function isActiveEditor(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), activeEditor))
    .limit(1);
  return row !== undefined;
}
