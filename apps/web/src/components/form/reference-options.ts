import { type Language, type ReferenceEntry, referenceName } from '@koma/shared/constants';

export interface Option {
  value: number;
  label: string;
}

/** A shared reference list as select / checkbox options in the interface language. */
export function referenceOptions(list: readonly ReferenceEntry[], lang: Language): Option[] {
  return list.map((e) => ({ value: e.id, label: referenceName(list, e.id, lang) }));
}
