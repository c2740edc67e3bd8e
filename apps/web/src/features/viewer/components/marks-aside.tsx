import { Drawer, Grid } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkReview } from '../hooks/use-mark-review';
import { MarksPanel } from './marks-panel';

interface MarksAsideProps {
  review: MarkReview;
  open: boolean;
  onClose: () => void;
  footer?: ReactNode;
}

/**
 * Where the marks panel stands: beside the page on a wide screen, a sheet from the bottom on a
 * phone, so the page keeps the width it needs. A mark being drawn opens the sheet for its comment.
 */
export function MarksAside({ review, open, onClose, footer }: MarksAsideProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const panel = <MarksPanel review={review} footer={footer} />;
  if (screens.md === false) {
    return (
      <Drawer
        title={t('marks.title')}
        placement="bottom"
        height="55%"
        open={open || review.draft !== null}
        onClose={() => {
          review.setDraft(null);
          onClose();
        }}
        mask={false}
        zIndex={1100}
        className="koma-marks-sheet"
      >
        {panel}
      </Drawer>
    );
  }
  if (!open) return null;
  return (
    <aside className="koma-marks-aside" aria-label={t('marks.title')}>
      {panel}
    </aside>
  );
}
