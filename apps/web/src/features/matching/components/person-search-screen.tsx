import { LIMITS, LoginAttr } from '@koma/shared/constants';
import { Alert, Card, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { ApplyPairingDialog, type PairingTarget } from '../../../components/pairing/apply-pairing-dialog';
import { useProfilePopup } from '../../../components/profile-popup/use-profile-popup';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { DEFAULT_FILTERS, type PersonFilters, usePersonSearch } from '../api/find-cartoonser';
import { PersonResultList } from './person-result-list';
import { SearchFilterForm } from './search-filter-form';

/** Editor search and author search: filters, results and 10 per page. */
export function PersonSearchScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [filters, setFilters] = useState<PersonFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<PairingTarget | null>(null);
  const profile = useProfilePopup();
  // The server always searches the opposite kind; the spec sends it too.
  const kind = user.loginattr === LoginAttr.CREATOR ? LoginAttr.EDITOR : LoginAttr.CREATOR;
  const search = usePersonSearch(filters, page, kind);
  const total = search.data?.total ?? 0;

  return (
    <>
      <h1 className="koma-page-title">{title}</h1>
      <Card style={{ marginBottom: 24 }}>
        <SearchFilterForm
          onSearch={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      </Card>
      <section aria-labelledby="person-results-heading">
        <h2 id="person-results-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
          {t('search.results')}
        </h2>
        {search.isError && !search.data ? (
          <Alert type="error" showIcon title={errorText(search.error)} />
        ) : search.data ? (
          <Spin spinning={search.isFetching} delay={200}>
            <PersonResultList
              people={search.data.list}
              onShowProfile={profile.show}
              onApply={(p) => setTarget({ userid: p.userid, nickname: p.nickname })}
            />
          </Spin>
        ) : (
          <LoadingSkeleton rows={4} avatar />
        )}
        {total > 0 ? (
          <Pagination
            style={{ marginTop: 16, justifyContent: 'center' }}
            current={page}
            pageSize={LIMITS.personSearchPageSize}
            total={total}
            showSizeChanger={false}
            showTotal={(count) => t('common.total', { count })}
            onChange={setPage}
          />
        ) : null}
      </section>
      <ApplyPairingDialog target={target} onClose={() => setTarget(null)} />
      {profile.popup}
    </>
  );
}
