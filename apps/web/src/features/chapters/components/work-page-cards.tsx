import { useTranslation } from 'react-i18next';
import { CardFacts, CardList } from '../../../components/card-list/card-list';
import { formatTime } from '../../../lib/dates';
import { DueDay } from './due-day';
import { OpenPageButton, PageProgress, PageStatus, PageThumb } from './work-page-cells';
import type { WorkPageTableProps } from './work-page-table-props';

/**
 * The chapter's pages on a phone (issue 30 §5): each row of the page list as a card with the
 * same facts (current task, status, due day, assignee, update time, progress); the page's name
 * opens its steps, the thumbnail the viewer.
 */
export function WorkPageCards({ pages, loading, onOpen, viewerHref, preflightOf }: WorkPageTableProps) {
  const { t } = useTranslation();
  return (
    <CardList
      items={pages}
      itemKey={(p) => p.page_id}
      label={t('chapterDetails.pages.heading')}
      empty={t('chapterDetails.pages.empty')}
      pending={loading}
      renderItem={(p) => (
        <>
          <div className="koma-card-list-head">
            <PageThumb page={p} href={viewerHref(p)} />
            <div className="koma-card-list-title">
              <span>
                <OpenPageButton page={p} onOpen={onOpen} />
              </span>
              <PageStatus page={p} />
            </div>
          </div>
          <CardFacts
            facts={[
              { key: 'task', label: t('chapterDetails.pages.task'), value: p.position?.position ?? '—' },
              { key: 'due', label: t('chapterDetails.pages.due'), value: <DueDay due={p} /> },
              {
                key: 'assignee',
                label: t('chapterDetails.pages.assignee'),
                value: p.current_user_nickname || '—',
              },
              { key: 'updated', label: t('chapterDetails.pages.updated'), value: formatTime(p.update_time) },
              {
                key: 'progress',
                label: t('chapterDetails.pages.progress'),
                value: <PageProgress page={p} />,
              },
              ...(preflightOf
                ? [{ key: 'preflight', label: t('preflight.title'), value: preflightOf(p) }]
                : []),
            ]}
          />
        </>
      )}
    />
  );
}
