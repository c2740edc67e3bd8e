import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { useEditorTimeline } from '../api/editor-timeline';
import { TimelineChart } from '../components/timeline-chart';
import { TimelineLegend } from '../components/timeline-legend';

/**
 * /editorTimeline (担当作品の進行表, docs/schedule.md "The editor's timeline"): every chapter of
 * every project the user edits on one calendar, the late first.
 */
export default function EditorTimelinePage() {
  const { t } = useTranslation();
  const timeline = useEditorTimeline();
  const data = timeline.data;
  return (
    <>
      <h1 className="koma-page-title">{t('titles.editorTimeline')}</h1>
      <Typography.Paragraph type="secondary">{t('timeline.intro')}</Typography.Paragraph>
      <Card>
        {timeline.isError && !data ? (
          <Alert
            type="error"
            showIcon
            title={t('timeline.loadFailed')}
            description={errorText(timeline.error)}
            action={
              <Button size="small" onClick={() => void timeline.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : data.chapters.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeline.empty')} />
        ) : (
          <>
            <TimelineLegend />
            <TimelineChart data={data} />
          </>
        )}
      </Card>
    </>
  );
}
