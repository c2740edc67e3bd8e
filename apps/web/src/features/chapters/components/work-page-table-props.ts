import type { WorkPage } from '@koma/shared/schemas';
import type { ReactNode } from 'react';

/** What the work screen's page list is given, whether drawn as a table or as cards on a phone. */
export interface WorkPageTableProps {
  pages: WorkPage[];
  /** A page in the viewer. */
  viewerHref: (page: WorkPage) => string;
  loading: boolean;
  onOpen: (page: WorkPage) => void;
  /** The page's preflight badge (docs/print.md), when the chapter has a print specification. */
  preflightOf?: (page: WorkPage) => ReactNode;
}
