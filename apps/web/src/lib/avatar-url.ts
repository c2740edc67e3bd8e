import { LIMITS } from '@koma/shared/constants';

/** An avatar requested at 80x80; undefined without a picture. */
export function avatarUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return `${path}${path.includes('?') ? '&' : '?'}w=${LIMITS.avatarSizePx}`;
}
