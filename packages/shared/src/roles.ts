import { ASSISTANT_POSITIONS, LoginAttr, Position, PROJECT_LEVEL_POSITIONS, Role } from './enums.js';

/** Project-level positions other than main artist: they make a planning member (role 3). */
const PLANNING_POSITIONS = PROJECT_LEVEL_POSITIONS.filter((p) => p !== Position.MAIN_ARTIST);

/**
 * Derives the roles of an account from its kind and wanted positions (docs/accounts.md).
 * Called whenever positions change, so the stored roles never drift.
 */
export function computeRoles(loginattr: number, positions: readonly number[]): Role[] {
  const roles = new Set<Role>();
  if (loginattr === LoginAttr.CREATOR) roles.add(Role.AUTHOR);
  if (loginattr === LoginAttr.EDITOR) roles.add(Role.EDITOR);
  const wants = (list: readonly number[]) => positions.some((p) => list.includes(p));
  const projectLevel = wants(PROJECT_LEVEL_POSITIONS);
  const chapterLevel = wants(ASSISTANT_POSITIONS) || positions.includes(Position.TRANSLATION);
  if (wants(PLANNING_POSITIONS)) roles.add(Role.PLANNING_MEMBER);
  if (positions.includes(Position.MAIN_ARTIST)) roles.add(Role.ARTIST);
  if (wants(ASSISTANT_POSITIONS)) roles.add(Role.ASSISTANT);
  if (positions.includes(Position.TRANSLATION)) roles.add(Role.TRANSLATOR);
  if (projectLevel && chapterLevel) roles.add(Role.PRODUCTION_STAFF);
  return [...roles].sort((a, b) => a - b);
}

/** The session's role string: comma-separated ids. */
export function roleString(roles: readonly number[]): string {
  return roles.join(',');
}

/** Parses the comma-separated role string back into ids. */
export function parseRoles(role: string | null | undefined): number[] {
  if (!role) return [];
  return role
    .split(',')
    .map((r) => Number(r.trim()))
    .filter((r) => Number.isInteger(r) && r > 0);
}

/** True when any of `required` is held; an empty requirement means everyone. */
export function hasAnyRole(held: readonly number[], required: readonly number[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((r) => held.includes(r));
}
