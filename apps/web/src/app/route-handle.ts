import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';

/** Static data on each route: the i18n key of its title (document.title and breadcrumb). */
export interface RouteHandle {
  title?: ParseKeys;
  /** A screen reached from another one (e.g. a confirmation): shown before it in the breadcrumb. */
  parent?: { path: string; title: ParseKeys };
}

export interface TitledMatch {
  pathname: string;
  title: ParseKeys;
  parent?: RouteHandle['parent'];
}

/** The matched routes that carry a title, outermost first. */
export function useTitledMatches(): TitledMatch[] {
  const matches = useMatches();
  const titled: TitledMatch[] = [];
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) titled.push({ pathname: match.pathname, title: handle.title, parent: handle.parent });
  }
  return titled;
}
