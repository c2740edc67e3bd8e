import type { WorkPage } from '@koma/shared/schemas';
import { Button, Progress } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { ApprovalWaiting } from './approval-waiting';
import { SendBackLine } from './send-back-note';
import { StepStatusTag } from './step-status-tag';
import './work-screen.css';

// A click inside a table row that opens the page's steps must not open them a second time.
const stop = (event: MouseEvent) => event.stopPropagation();

/** The page's latest file as a thumbnail that opens it in the viewer, or — . */
export function PageThumb({ page, href }: { page: WorkPage; href: string }) {
  const { t } = useTranslation();
  if (!page.renditions) return <>—</>;
  return (
    <Link
      to={href}
      onClick={stop}
      aria-label={t('viewer.openWhat', { what: t('chapterDetails.pages.pageNum', { num: page.num }) })}
    >
      <RenditionImage renditions={page.renditions} size="thumb" alt="" className="koma-history-thumb" />
    </Link>
  );
}

/** 「Nページ」, a button that opens the page's steps. */
export function OpenPageButton({ page, onOpen }: { page: WorkPage; onOpen: (page: WorkPage) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      style={{ paddingInline: 0 }}
      onClick={(event) => {
        stop(event);
        onOpen(page);
      }}
      aria-label={t('chapterDetails.pages.openWho', { num: page.num })}
    >
      {t('chapterDetails.pages.pageNum', { num: page.num })}
    </Button>
  );
}

/** The page's status, who must approve, and why it was sent back. */
export function PageStatus({ page }: { page: WorkPage }) {
  return (
    <>
      <StepStatusTag status={page.status} />
      <ApprovalWaiting approvers={page.approvers} mine={page.awaiting_my_approval} />
      {page.send_back && <SendBackLine sendBack={page.send_back} />}
    </>
  );
}

/** The share of the page's steps done, as a bar and in figures. */
export function PageProgress({ page }: { page: WorkPage }) {
  const { t } = useTranslation();
  const { percent } = page;
  return (
    <div className="koma-work-progress">
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={percent >= 100 ? 'success' : 'normal'}
        aria-label={t('chapterDetails.pages.progressWho', { num: page.num })}
      />
      <span className="koma-work-progress-text">
        {percent}%{page.process_text ? ` (${page.process_text})` : ''}
      </span>
    </div>
  );
}
