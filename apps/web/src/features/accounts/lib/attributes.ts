import { LoginAttr } from '@koma/shared/constants';

/** What the attribute dialog collects. */
export interface AttributeSelection {
  medias: number[];
  typebigs: number[];
  positions: number[];
  method: number[];
}

export type LoginAttrValue = 1 | 2;

export const emptySelection: AttributeSelection = { medias: [], typebigs: [], positions: [], method: [] };

export const isCreator = (attr: LoginAttrValue | undefined | null) => attr === LoginAttr.CREATOR;

/** Media and genre always; creators also need positions and a drawing method. */
export function isSelectionComplete(attr: LoginAttrValue | undefined | null, s: AttributeSelection): boolean {
  if (!attr || s.medias.length === 0 || s.typebigs.length === 0) return false;
  if (isCreator(attr)) return s.positions.length > 0 && s.method.length > 0;
  return true;
}
