import type { Language, ReferenceEntry } from '@koma/shared/constants';
import { referenceName } from '@koma/shared/constants';
import type { Achievement } from '@koma/shared/schemas';

/** The profile fields every profile screen shows (the body of personalInfo plus the kind). */
export interface ProfileValues {
  loginattr: number;
  nickname: string;
  pic: string;
  icon: string;
  type: number[];
  positions: number[];
  medias: number[];
  typebigs: number[];
  method: number[];
  drawmethod: number | null;
  experience: number[];
  adscartoon: number | null;
  publish: number | null;
  introduction: string;
  cartoon: string;
  cartooner: string;
  cute: string;
  theme: string[];
  reward: string[];
  introduce: string;
  achievements: Achievement[];
}

/** Names of reference ids in the interface language, in list order. */
export function referenceNames(
  list: readonly ReferenceEntry[],
  ids: readonly number[],
  lang: Language,
): string[] {
  const known = list.filter((e) => ids.includes(e.id)).map((e) => referenceName(list, e.id, lang));
  const unknown = ids.filter((id) => !list.some((e) => e.id === id)).map(String);
  return [...known, ...unknown];
}

/** The URL when it is a valid http(s) URL, otherwise null (never a javascript: or data: link). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
