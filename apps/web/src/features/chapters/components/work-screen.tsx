import { CalendarOutlined } from '@ant-design/icons';
import { ChapterStatus } from '@koma/shared/constants';
import type { WorkPage } from '@koma/shared/schemas';
import { Alert, Button, Card, Flex } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSkeleton } from '../../../components/loading/page-skeleton';
import { errorText } from '../../../lib/api-client';
import { PreflightBadge, PreflightPanel, usePreflight } from '../../print';
import { viewerPath } from '../../viewer';
import { useChapterDetails } from '../api/chapter-details';
import { useWorkPages } from '../api/page-working-process-list';
import { schedulePath } from '../lib/schedule-path';
import { usePageParam } from '../lib/use-page-param';
import { AuditStatus } from './audit-status';
import { ChapterHeader } from './chapter-header';
import { ForecastSummary } from './forecast-summary';
import { StepDialog } from './step-dialog';
import { WorkActions } from './work-actions';
import { WorkPageTable } from './work-page-table';
import './work-screen.css';

interface WorkScreenProps {
  projectId: number;
  chapterId: number;
}

/**
 * /chapter/details (docs/production.md, work screen): the chapter's head with its buttons,
 * the final audit, and the pages; a page opens its steps.
 */
export function WorkScreen({ projectId, chapterId }: WorkScreenProps) {
  const { t } = useTranslation();
  const details = useChapterDetails(projectId, chapterId);
  const work = useWorkPages(projectId, chapterId);
  const preflight = usePreflight(projectId, chapterId);
  const findingsOf = new Map(preflight.data?.pages.map((p) => [p.pageId, p.findings]));
  // The page stays while its dialog closes, so that the closing dialog keeps its content.
  const [stepsOf, setStepsOf] = useState<{ page: WorkPage | null; open: boolean }>({
    page: null,
    open: false,
  });
  const openSteps = useCallback((page: WorkPage) => setStepsOf({ page, open: true }), []);
  usePageParam(work.data?.pages, openSteps);

  if (details.isError && !details.data) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.chapterDetails')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('chapterDetails.loadFailed')}
          description={errorText(details.error)}
          action={<Link to="/projectManagement/projectManagement">{t('chapterDetails.toProjects')}</Link>}
        />
      </>
    );
  }
  const chapter = details.data;
  if (!chapter) return <PageSkeleton />;

  const record =
    work.data?.audit_record ??
    (chapter.audit_status === null
      ? null
      : { audit_status: chapter.audit_status, remark: chapter.audit_remark });

  const forecast = work.data?.forecast ?? null;
  const toSchedule = (
    <Link to={schedulePath(projectId, chapterId)}>
      <CalendarOutlined aria-hidden="true" /> {t('schedule.open')}
    </Link>
  );

  return (
    <>
      <ChapterHeader
        details={chapter}
        extra={
          <>
            {forecast ? null : <span className="koma-work-schedule-link">{toSchedule}</span>}
            <WorkActions
              details={chapter}
              show={work.data?.show_buttons ?? null}
              openMarks={work.data?.open_marks ?? 0}
            />
          </>
        }
      />
      <Flex vertical gap={16}>
        {forecast ? (
          <Card size="small">
            <ForecastSummary forecast={forecast} extra={toSchedule} />
          </Card>
        ) : null}
        <AuditStatus record={record} viewer={chapter.viewer} />
        <PreflightPanel
          projectId={projectId}
          chapterId={chapterId}
          preflight={preflight.data}
          mayEditSpec={chapter.viewer.is_editorial}
          isEditor={chapter.viewer.is_editorial_desk}
          finished={chapter.status === ChapterStatus.FINISHED}
        />
        <Card>
          <section aria-labelledby="chapter-work-pages-heading">
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
              <h2 id="chapter-work-pages-heading" className="koma-card-heading">
                {t('chapterDetails.pages.heading')}
              </h2>
              {work.data ? (
                <span className="koma-work-muted">
                  {t('chapterDetails.pages.count', { count: work.data.pages.length })}
                </span>
              ) : null}
            </Flex>
            {work.isError && !work.data ? (
              <Alert
                type="error"
                showIcon
                title={t('chapterDetails.pages.loadFailed')}
                description={errorText(work.error)}
                action={
                  <Button size="small" onClick={() => void work.refetch()}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : (
              <WorkPageTable
                pages={work.data?.pages ?? []}
                loading={!work.data}
                onOpen={openSteps}
                preflightOf={
                  preflight.data?.spec
                    ? (page) => <PreflightBadge findings={findingsOf.get(page.page_id)} num={page.num} />
                    : undefined
                }
                viewerHref={(page) =>
                  viewerPath(projectId, chapterId, { page: page.num, revision: page.renditions?.uploadId })
                }
              />
            )}
          </section>
        </Card>
      </Flex>
      <StepDialog
        projectId={projectId}
        chapterId={chapterId}
        page={stepsOf.page}
        open={stepsOf.open}
        onClose={() => setStepsOf((now) => ({ ...now, open: false }))}
      />
    </>
  );
}
