import {
  CREATIVECAPS,
  GENRES,
  type Language,
  ProductionType,
  ProjectKind,
  referenceName,
} from '@koma/shared/constants';
import type { TFunction } from 'i18next';

/** Manga type: 1 is 読切 (one-shot), anything else 連載 (serial). */
export function kindText(t: TFunction, kind: number | null | undefined): string {
  return kind === ProjectKind.ONE_SHOT ? t('project.kind.1') : t('project.kind.2');
}

/** Production kind: 1 is 商業 (commercial), anything else 自主制作 (self-produced). */
export function typeText(t: TFunction, type: number | null | undefined): string {
  return type === ProductionType.COMMERCIAL ? t('project.type.1') : t('project.type.2');
}

export function genreNames(ids: readonly number[], lang: Language): string[] {
  return ids.map((id) => referenceName(GENRES, id, lang));
}

export function creativecapNames(ids: readonly number[], lang: Language): string[] {
  return ids.map((id) => referenceName(CREATIVECAPS, id, lang));
}
