import { LIMITS } from '@koma/shared/constants';
import { Alert, Card, Pagination, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { errorText } from '../../../lib/api-client';
import {
  DEFAULT_FILTERS,
  type SearchFilters,
  type SearchItem,
  type SearchMode,
  useRecruitingSearch,
} from '../api/search-projects';
import { ProjectInfoDialog } from './project-info-dialog';
import { ResultList } from './result-list';
import { SearchFiltersForm } from './search-filters';
import './project-search.css';

/** Project search and case search: filters, result cards, 10 per page, info dialog. */
export function SearchScreen({ mode, title, lead }: { mode: SearchMode; title: string; lead: string }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<SearchFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SearchItem | null>(null);
  const search = useRecruitingSearch(mode, filters, page);
  const total = search.data?.total ?? 0;
  const headingId = `${mode}-results-heading`;

  return (
    <>
      <h1 className="koma-page-title">{title}</h1>
      <Typography.Paragraph>{lead}</Typography.Paragraph>
      <Card style={{ marginBottom: 24 }}>
        <SearchFiltersForm
          name={`${mode}-search`}
          onSearch={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      </Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="koma-card-heading" style={{ marginBottom: 12 }}>
          {t('projectSearch.results')}
        </h2>
        {search.isError && !search.data ? (
          <Alert type="error" showIcon title={errorText(search.error)} />
        ) : search.data ? (
          <Spin spinning={search.isFetching} delay={200}>
            <ResultList items={search.data.list} onOpen={setOpen} />
          </Spin>
        ) : (
          <LoadingSkeleton rows={4} />
        )}
        {total > 0 ? (
          <Pagination
            style={{ marginTop: 16, justifyContent: 'center' }}
            current={page}
            pageSize={LIMITS.projectSearchPageSize}
            total={total}
            showSizeChanger={false}
            showTotal={(count) => t('common.total', { count })}
            onChange={setPage}
          />
        ) : null}
      </section>
      <ProjectInfoDialog item={open} mode={mode} onClose={() => setOpen(null)} />
    </>
  );
}
