import { Button, Result, Spin } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../lib/id-param';
import { accessRecordPath } from '../../access-record';
import { useReadingDirection } from '../api/reading-direction';
import { useViewerPages, type ViewerPagesReply } from '../api/viewer-pages';
import { PageViewer } from '../components/page-viewer';
import { closePath } from '../lib/close-path';
import { type CompareState, compareModeOf } from '../lib/compare-state';
import type { ViewerPage } from '../lib/viewer-page';
import { viewerPath } from '../lib/viewer-path';

function toViewerPages(reply: ViewerPagesReply, pageLabel: (num: number) => string): ViewerPage[] {
  return reply.pages.map((page) => ({ id: page.id, label: pageLabel(page.num), revisions: page.revisions }));
}

/**
 * /chapter/viewer?projectId&chapterId[&page=<number>&rev=<upload id>&spread=1&compare=<upload id>&mode=side|onion|diff]: the page viewer over
 * a chapter (docs/viewer.md). The URL names the page and revision on screen, so a link can be shared.
 */
export default function ChapterViewerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const projectId = idParam(params.get('projectId'));
  const chapterId = idParam(params.get('chapterId'));
  const query = useViewerPages(projectId ?? 0, chapterId ?? 0);
  const reply = projectId && chapterId ? query.data : undefined;
  const setDirection = useReadingDirection(projectId ?? 0, chapterId ?? 0);

  const pages = useMemo(
    () => (reply ? toViewerPages(reply, (num) => t('viewer.page', { num })) : []),
    [reply, t],
  );
  const pageNum = idParam(params.get('page'));
  const index = Math.max(0, reply?.pages.findIndex((p) => p.num === pageNum) ?? 0);
  const revisionId = idParam(params.get('rev'));
  // Compare mode is on while the link names the other revision (docs/viewer.md).
  const compareId = idParam(params.get('compare'));
  const modeParam = params.get('mode');
  const compare = useMemo<CompareState | null>(
    () => (compareId ? { otherId: compareId, mode: compareModeOf(modeParam) } : null),
    [compareId, modeParam],
  );

  const onNavigate = useCallback(
    (next: { index: number; revisionId: number | null; spread: boolean }) => {
      if (!projectId || !chapterId || !reply) return;
      const target = viewerPath(projectId, chapterId, {
        page: reply.pages[next.index]?.num,
        revision: next.revisionId ?? undefined,
        spread: next.spread,
      });
      setParams(new URL(target, window.location.origin).searchParams, { replace: true });
    },
    [projectId, chapterId, reply, setParams],
  );
  const onCompare = useCallback(
    (next: { index: number; revisionId: number | null; compare: CompareState | null }) => {
      if (!projectId || !chapterId || !reply) return;
      const target = viewerPath(projectId, chapterId, {
        page: reply.pages[next.index]?.num,
        revision: next.revisionId ?? undefined,
        spread: params.get('spread') === '1',
        compare: next.compare?.otherId ?? undefined,
        mode: next.compare?.mode,
      });
      setParams(new URL(target, window.location.origin).searchParams, { replace: true });
    },
    [projectId, chapterId, reply, params, setParams],
  );
  const onClose = useCallback(() => {
    // Back where the viewer was opened from; a shared link has nothing to go back to, so the
    // chapter's screen for its state (lib/close-path.ts).
    if (location.key !== 'default') return void navigate(-1);
    if (!projectId || !chapterId) return void navigate('/');
    void closePath(projectId, chapterId, reply).then((path) => navigate(path));
  }, [location.key, navigate, projectId, chapterId, reply]);

  if (!projectId || !chapterId || query.isError) {
    return (
      <Result
        status="warning"
        title={t('viewer.loadFailed')}
        extra={<Button onClick={onClose}>{t('viewer.close')}</Button>}
      />
    );
  }
  if (!reply) return <Spin size="large" fullscreen tip={t('common.loading')} />;
  return (
    <PageViewer
      projectId={projectId}
      chapterId={chapterId}
      title={`${reply.projectTitle}／${reply.chapterTitle}`}
      pages={pages}
      index={index}
      revisionId={revisionId}
      direction={reply.direction}
      spread={params.get('spread') === '1'}
      onNavigate={onNavigate}
      onClose={onClose}
      compare={compare}
      onCompare={onCompare}
      onDirection={reply.canSetDirection ? (direction) => setDirection.mutate(direction) : undefined}
      accessRecordOf={
        reply.chapter.isFounder || reply.chapter.isEditor
          ? (pageNum) => accessRecordPath(projectId, chapterId, pageNum)
          : undefined
      }
    />
  );
}
