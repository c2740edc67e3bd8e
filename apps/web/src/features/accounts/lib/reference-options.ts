import { CREATIVECAPS, type Language, referenceName } from '@koma/shared/constants';
import type { RegisterInitData } from '@koma/shared/schemas';

export interface Option {
  value: number;
  label: string;
}

export interface ReferenceOptions {
  medias: Option[];
  typebigs: Option[];
  positions: Option[];
  methods: Option[];
}

/** The registerInit lists as checkbox options (names already in the cookie's language). */
export function referenceOptions(lists: RegisterInitData | undefined): ReferenceOptions {
  return {
    medias: lists?.medias.map((m) => ({ value: m.id, label: m.media })) ?? [],
    typebigs: lists?.typebigs.map((g) => ({ value: g.id, label: g.typeb })) ?? [],
    positions: lists?.positions.map((p) => ({ value: p.id, label: p.position })) ?? [],
    methods: lists?.methods.map((m) => ({ value: m.id, label: m.method })) ?? [],
  };
}

/** Creation / essay choices from the shared reference list. */
export function creativecapOptions(lang: Language): Option[] {
  return CREATIVECAPS.map((c) => ({ value: c.id, label: referenceName(CREATIVECAPS, c.id, lang) }));
}

/** Names of the chosen ids, in list order; unknown ids are shown as numbers. */
export function namesOf(ids: readonly number[] | null | undefined, options: readonly Option[]): string[] {
  if (!ids?.length) return [];
  const known = options.filter((o) => ids.includes(o.value)).map((o) => o.label);
  const missing = ids.filter((id) => !options.some((o) => o.value === id)).map(String);
  return [...known, ...missing];
}
