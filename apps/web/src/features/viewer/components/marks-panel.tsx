import type { MarkData } from '@koma/shared';
import { Alert, Empty, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { markCountsWords } from '../../../lib/mark-counts';
import { useCurrentUser } from '../../../lib/session';
import { useTouchScreen } from '../../../lib/use-touch-screen';
import type { MarkReview } from '../hooks/use-mark-review';
import { MarkDraftForm } from './mark-draft-form';
import { MarkItem } from './mark-item';
import { MarkTools } from './mark-tools';

interface MarksPanelProps {
  review: MarkReview;
  /** The correction sheet downloads, under the list. */
  footer?: ReactNode;
}

/**
 * The red-pen review beside the page (docs/marks.md): the reviewer's tools and the mark being
 * drawn, then the revision's marks and the ghosts of the earlier revision, each with its thread.
 */
export function MarksPanel({ review, footer }: MarksPanelProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { counts, may, draft } = review;
  const drawable = may.judge && review.size !== null;
  // A finger has no Esc: on a touch screen the hint says how to put the pen down by tapping.
  const touch = useTouchScreen();
  const hint = t(`marks.${review.tool === 'text' ? 'textHint' : 'drawHint'}${touch ? 'Touch' : ''}`);
  return (
    <Flex vertical gap={12} className="koma-marks-panel">
      <Typography.Text type="secondary">{markCountsWords(t, counts)}</Typography.Text>
      {review.locked ? <Alert type="info" showIcon message={t('marks.locked')} /> : null}
      {may.judge && review.size === null ? (
        <Alert type="info" showIcon message={t('marks.notReady')} />
      ) : null}
      {drawable ? (
        <MarkTools
          tool={review.tool}
          onTool={review.setTool}
          color={review.color}
          onColor={review.setColor}
        />
      ) : null}
      {drawable && review.tool && !draft ? <Typography.Text type="secondary">{hint}</Typography.Text> : null}
      {draft ? (
        <MarkDraftForm
          key={JSON.stringify(draft)}
          draft={draft}
          saving={review.saving}
          error={review.saveError}
          onSave={(comment, text) => void review.saveDraft(comment, text)}
          onCancel={() => review.setDraft(null)}
        />
      ) : null}
      {review.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : review.marks.length === 0 && review.ghosts.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={drawable ? t('marks.emptyReviewer') : t('marks.empty')}
        />
      ) : (
        <MarkList review={review} meId={me.id} />
      )}
      {footer}
    </Flex>
  );
}

const NONE: readonly MarkData[] = [];

function MarkList({ review, meId }: { review: MarkReview; meId: number }) {
  const { t } = useTranslation();
  // The list follows the page: 200 threads take longer to lay out than the marks take to draw,
  // so React draws the marks first and the list in the next, interruptible render. The list
  // mounts as the marks arrive: without a first value it would take them at once, in the same render.
  const marks = useDeferredValue(review.marks, NONE);
  const ghosts = useDeferredValue(review.ghosts, NONE);
  return (
    <>
      {marks.length > 0 ? (
        <ol className="koma-mark-list" aria-label={t('marks.listLabel')}>
          {marks.map((mark) => (
            <MarkItem key={mark.id} mark={mark} review={review} meId={meId} />
          ))}
        </ol>
      ) : null}
      {ghosts.length > 0 ? (
        <section aria-label={t('marks.ghosts')}>
          <Typography.Text strong>{t('marks.ghosts')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('marks.ghostNote')}</Typography.Paragraph>
          <ol className="koma-mark-list">
            {ghosts.map((mark) => (
              <MarkItem key={mark.id} mark={mark} review={review} meId={meId} />
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
