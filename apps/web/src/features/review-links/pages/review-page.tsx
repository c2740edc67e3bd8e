import { LIMITS } from '@koma/shared/constants';
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import type { CompareState, ViewerPage } from '../../viewer';
import { useReviewPages } from '../api/guest';
import { ReviewGate } from '../components/review-gate';
import { linkTokenOf, storedGuestToken, storeGuestToken } from '../lib/guest-token';
import '../components/review-links.css';

// The members' viewer, loaded with this screen's own chunk: a guest sees the same pages the same way.
const PageViewer = lazy(() =>
  import('../../viewer/components/page-viewer').then((module) => ({ default: module.PageViewer })),
);

interface Place {
  index: number;
  revisionId: number | null;
  spread: boolean;
  compare: CompareState | null;
}

/**
 * /review#<token>: a review link opened by someone outside the team (docs/access.md, "Review
 * links"). Asks the name (and the password), then shows the link's pages in the page viewer with
 * the guest token alone; no account, no session.
 */
export default function ReviewPage() {
  const { t } = useTranslation();
  const linkToken = linkTokenOf(useLocation().hash);
  const [guestToken, setGuestToken] = useState(() => storedGuestToken(linkToken));
  const [closed, setClosed] = useState(false);
  const [place, setPlace] = useState<Place>({ index: 0, revisionId: null, spread: false, compare: null });
  const query = useReviewPages(closed ? null : guestToken, LIMITS.renditionLinkRefreshSeconds * 1000);
  const reply = query.data;
  const pages = useMemo<ViewerPage[]>(
    () =>
      (reply?.pages ?? []).map((p) => ({
        id: p.id,
        label: t('viewer.page', { num: p.num }),
        revisions: p.revisions,
      })),
    [reply, t],
  );
  const opened = useCallback(
    (token: string) => {
      storeGuestToken(linkToken, token);
      setGuestToken(token);
    },
    [linkToken],
  );

  if (!linkToken) return <Result status="warning" title={t('review.noLink')} />;
  const error = query.error instanceof ApiError ? query.error : null;
  if (!guestToken || error?.httpStatus === 401) return <ReviewGate linkToken={linkToken} onOpened={opened} />;
  if (error) return <Result status="warning" title={error.info} className="koma-review-closed" />;
  if (closed)
    return (
      <Result
        status="info"
        title={t('review.closedByGuest')}
        extra={<Button onClick={() => setClosed(false)}>{t('review.reopen')}</Button>}
      />
    );
  if (!reply) return <Spin size="large" fullscreen tip={t('common.loading')} />;
  if (pages.length === 0) return <Result status="info" title={t('review.noPages')} />;
  return (
    <Suspense fallback={<Spin size="large" fullscreen tip={t('common.loading')} />}>
      <PageViewer
        guest
        projectId={0}
        chapterId={0}
        title={`${reply.projectTitle}／${reply.chapterTitle}（${t('review.guestAs', { name: reply.guestName })}）`}
        pages={pages}
        index={Math.min(place.index, pages.length - 1)}
        revisionId={place.revisionId}
        direction={reply.direction}
        spread={place.spread}
        onNavigate={(next) => setPlace({ ...next, compare: null })}
        compare={place.compare}
        onCompare={(next) => setPlace({ ...place, ...next })}
        onClose={() => setClosed(true)}
      />
    </Suspense>
  );
}
