import { Empty, Spin, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ChapterSummary, useChapterList } from '../api/chapter-list';
import { formatTime } from '../lib/format-time';

/** 案件: the project's chapters (chapter screens come with the next feature). */
export function ChapterPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const chapters = useChapterList(projectId);
  const columns: TableColumnsType<ChapterSummary> = [
    {
      key: 'title',
      title: t('project.chapters.title'),
      render: (_, c) => <span className="koma-prewrap">{c.title}</span>,
    },
    { key: 'status', title: t('project.chapters.status'), render: (_, c) => c.status_desc ?? '—' },
    {
      key: 'updated',
      title: t('project.chapters.updated'),
      render: (_, c) => formatTime(c.update_at),
    },
  ];
  return (
    <section aria-labelledby="project-chapters-heading">
      <h2 id="project-chapters-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
        {t('project.chapters.heading')}
      </h2>
      {chapters.data ? (
        chapters.data.length ? (
          <Table<ChapterSummary>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={chapters.data}
            pagination={false}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.chapters.empty')} />
        )
      ) : (
        <Spin description={t('common.loading')}>
          <div style={{ height: 80 }} />
        </Spin>
      )}
    </section>
  );
}
