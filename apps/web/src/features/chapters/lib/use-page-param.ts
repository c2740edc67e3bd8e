import type { WorkPage } from '@koma/shared/schemas';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { idParam } from '../../../lib/id-param';

/**
 * `&pageId=` on the work screen (a page notice, docs/notices.md): once the pages are there, that
 * page's steps open, and the parameter goes, so that closing the dialog leaves it closed.
 */
export function usePageParam(pages: WorkPage[] | undefined, open: (page: WorkPage) => void): void {
  const [params, setParams] = useSearchParams();
  const pageId = idParam(params.get('pageId'));
  useEffect(() => {
    if (pageId === null || !pages) return;
    const page = pages.find((p) => p.page_id === pageId);
    if (page) open(page);
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete('pageId');
        return next;
      },
      { replace: true },
    );
  }, [pageId, pages, open, setParams]);
}
