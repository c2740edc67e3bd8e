import {
  AFFILIATIONS,
  GENRES,
  type Language,
  MEDIAS,
  METHODS,
  POSITIONS,
  type ReferenceEntry,
  type RegisterInitData,
} from '@koma/shared';

const named = <K extends string>(list: readonly ReferenceEntry[], lang: Language, field: K) =>
  list.map((e) => ({ id: e.id, [field]: e[lang] }) as { id: number } & Record<K, string>);

const cache = new Map<Language, RegisterInitData>();

/** The reference lists in a language. They are fixed, so they are built once per language. */
export function referenceLists(lang: Language): RegisterInitData {
  let lists = cache.get(lang);
  if (!lists) {
    lists = {
      medias: named(MEDIAS, lang, 'media'),
      typebigs: named(GENRES, lang, 'typeb'),
      positions: named(POSITIONS, lang, 'position'),
      methods: named(METHODS, lang, 'method'),
      affiliations: named(AFFILIATIONS, lang, 'name'),
    };
    cache.set(lang, lists);
  }
  return lists;
}
