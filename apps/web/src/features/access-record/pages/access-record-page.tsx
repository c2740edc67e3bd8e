import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { ACCESS_KINDS, type AccessKind } from '@koma/shared/constants';
import { Alert, Button, Card, Flex, Input, InputNumber, Pagination, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { idParam } from '../../../lib/id-param';
import { type AccessFilter, useAccessRecordCsv, useAccessRecords } from '../api/access-records';
import { CodeLookup } from '../components/code-lookup';
import { RecordList } from '../components/record-list';
import '../components/access-record.css';

interface Filter extends AccessFilter {
  chapterId: number | null;
  pageNum: number | null;
  userId: number | null;
}

/** The filter as the address keeps it, so "who saw page N" is a link. */
function filterOf(params: URLSearchParams): Filter {
  const kind = params.get('kind');
  return {
    chapterId: idParam(params.get('chapterId')),
    pageNum: idParam(params.get('pageNum')),
    userId: idParam(params.get('userId')),
    kind: (ACCESS_KINDS as readonly string[]).includes(kind ?? '') ? (kind as AccessKind) : null,
    from: params.get('from') || null,
    to: params.get('to') || null,
  };
}

/**
 * /chapter/access?projectId[&chapterId&pageNum&userId&kind&from&to]: the access record
 * (docs/access.md, "The access record"), for the founder and the editorial seats; the viewer links
 * each page here ("who saw page N").
 */
export default function AccessRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const projectId = idParam(params.get('projectId'));
  const filter = filterOf(params);
  const [page, setPage] = useState(1);
  const records = useAccessRecords(projectId ?? 0, filter, page);
  const csv = useAccessRecordCsv(projectId ?? 0);
  const set = (key: string, value: string | number | null | undefined) => {
    const next = new URLSearchParams(params);
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
    setParams(next, { replace: true });
    setPage(1);
  };
  const back = filter.chapterId
    ? `/chapter/viewer?projectId=${projectId}&chapterId=${filter.chapterId}${filter.pageNum ? `&page=${filter.pageNum}` : ''}`
    : `/projectDetails/projectDetails?proId=${projectId}`;

  if (!projectId) {
    return (
      <>
        <h1 className="koma-page-title">{t('accessRecord.title')}</h1>
        <Alert type="error" showIcon title={t('accessRecord.loadFailed')} />
      </>
    );
  }
  const data = records.data;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <h1 className="koma-page-title" style={{ margin: 0 }}>
          {t('accessRecord.title')}
        </h1>
        <Link to={back}>
          <ArrowLeftOutlined aria-hidden="true" /> {t('accessRecord.back')}
        </Link>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          {data ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('accessRecord.lead', { days: data.keptDays })}
            </Typography.Paragraph>
          ) : null}
          <div className="koma-access-filters">
            <Select
              aria-label={t('accessRecord.chapter')}
              value={filter.chapterId ?? 0}
              onChange={(v: number) => set('chapterId', v || null)}
              options={[
                { value: 0, label: t('accessRecord.allChapters') },
                ...(data?.chapters ?? []).map((c) => ({ value: c.id, label: c.title })),
              ]}
            />
            <InputNumber
              aria-label={t('accessRecord.pageNum')}
              placeholder={t('accessRecord.pageNum')}
              min={1}
              value={filter.pageNum ?? null}
              onChange={(v) => set('pageNum', v)}
            />
            <Select
              aria-label={t('accessRecord.person')}
              value={filter.userId ?? 0}
              onChange={(v: number) => set('userId', v || null)}
              options={[
                { value: 0, label: t('accessRecord.everyone') },
                ...(data?.people ?? []).map((p) => ({ value: p.id, label: p.nick })),
              ]}
            />
            <Select
              aria-label={t('accessRecord.kind')}
              value={filter.kind ?? ''}
              onChange={(v: string) => set('kind', v)}
              options={[
                { value: '', label: t('accessRecord.allKinds') },
                ...ACCESS_KINDS.map((k) => ({ value: k, label: t(`accessRecord.kinds.${k}`) })),
              ]}
            />
            <Input
              type="date"
              aria-label={t('accessRecord.from')}
              value={filter.from ?? ''}
              onChange={(e) => set('from', e.target.value)}
            />
            <Input
              type="date"
              aria-label={t('accessRecord.to')}
              value={filter.to ?? ''}
              onChange={(e) => set('to', e.target.value)}
            />
          </div>
          <Flex gap={8} wrap>
            <Button
              onClick={() =>
                setParams(new URLSearchParams({ projectId: String(projectId) }), { replace: true })
              }
            >
              {t('accessRecord.clear')}
            </Button>
            <Button
              icon={<DownloadOutlined aria-hidden="true" />}
              loading={csv.isPending}
              onClick={() => csv.mutate(filter)}
            >
              {t('accessRecord.csv')}
            </Button>
          </Flex>
          {records.isError && !data ? (
            <Alert
              type="error"
              showIcon
              title={t('accessRecord.loadFailed')}
              description={errorText(records.error)}
            />
          ) : !data ? (
            <Spin />
          ) : (
            <>
              <RecordList rows={data.list} label={t('accessRecord.title')} />
              {data.total > data.list.length || page > 1 ? (
                <Pagination
                  current={page}
                  total={data.total}
                  pageSize={50}
                  onChange={setPage}
                  showSizeChanger={false}
                />
              ) : null}
            </>
          )}
          <CodeLookup projectId={projectId} />
        </Flex>
      </Card>
    </>
  );
}
