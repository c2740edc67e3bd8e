import { EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { AuditStatus, ChapterStatus, CheckStatus, DraftPageStatus } from '@koma/shared/constants';
import type { DraftPage } from '@koma/shared/schemas';
import { Alert, Button, Card, Empty, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { PageSkeleton } from '../../../components/loading/page-skeleton';
import { errorText } from '../../../lib/api-client';
import { confirmDialog, toastWarning } from '../../../lib/feedback';
import { useChapterDetails } from '../api/chapter-details';
import { useCommitPages } from '../api/commit-pages';
import { useDraftPages } from '../api/draft-pages';
import { usePageAdd } from '../api/page-add';
import { usePageCheck } from '../api/page-check';
import { usePageDelete } from '../api/page-delete';
import { pageDownloadUrl } from '../api/page-download';
import { usePageUpload } from '../api/page-upload';
import { openMarksTitle } from '../lib/open-marks';
import { readerOf } from '../lib/reader';
import { ChapterFormDialog } from './chapter-form-dialog';
import { ChapterHeader } from './chapter-header';
import { ScriptBatchUpload } from './script-batch-upload';
import { type ScriptPageActions, ScriptPageCard } from './script-page-card';
import { ScriptPageHistory } from './script-page-history';
import { ScriptPageRejectDialog } from './script-page-reject-dialog';
import { ScriptPageViewer } from './script-page-viewer';
import { ScriptRejectDialog } from './script-reject-dialog';
import { ScriptReviewActions } from './script-review-actions';
import './script-pages.css';

interface ScriptScreenProps {
  projectId: number;
  chapterId: number;
}

/** Only web addresses are opened (never a javascript: or data: URL). */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * /chapter/script (docs/production.md, storyboard pages): the storyboard pages of a chapter.
 * Creators (can_edit: chapter 1/5) add, upload, delete and submit to the editor; the editor in
 * charge (can_review: chapter 4) approves or rejects each page, then the whole storyboard.
 * Everyone else reads. A page opens the viewer with its comments.
 */
export function ScriptScreen({ projectId, chapterId }: ScriptScreenProps) {
  const { t } = useTranslation();
  const details = useChapterDetails(projectId, chapterId);
  const pages = useDraftPages(projectId, chapterId);
  const add = usePageAdd(projectId, chapterId);
  const del = usePageDelete(projectId, chapterId);
  const upload = usePageUpload(projectId, chapterId);
  const check = usePageCheck(projectId, chapterId);
  const commit = useCommitPages(projectId, chapterId);
  const [viewing, setViewing] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [rejectingPage, setRejectingPage] = useState<DraftPage | null>(null);
  const [history, setHistory] = useState<DraftPage | null>(null);
  const [editing, setEditing] = useState(false);

  if (details.isError && !details.data) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.chapterScript')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('chapterScript.loadFailed')}
          description={errorText(details.error)}
          action={<Link to="/projectManagement/projectManagement">{t('project.detail.toList')}</Link>}
        />
      </>
    );
  }
  const chapter = details.data;
  if (!chapter) return <PageSkeleton />;

  const list = pages.data?.list ?? [];
  const canEdit = pages.data?.can_edit ?? false;
  const canReview = pages.data?.can_review ?? false;
  const status = pages.data?.chapter.status ?? chapter.status;
  const busy = add.isPending || del.isPending || check.isPending || commit.isPending;
  const canEditInfo = chapter.viewer.is_editorial && chapter.audit_status !== AuditStatus.PASSED;

  const download = async (page: DraftPage) => {
    // Opened before the call so that the browser does not treat it as an unasked pop-up.
    const win = window.open('', '_blank');
    try {
      const url = safeUrl(await pageDownloadUrl(projectId, page.id));
      if (!url) throw new Error('unsafe url');
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else if (!window.open(url, '_blank', 'noopener')) {
        toastWarning(t('chapterScript.page.popupBlocked'));
      }
    } catch {
      win?.close();
    }
  };

  const remove = async (page: DraftPage) => {
    const sure = await confirmDialog(t('chapterScript.page.deleteConfirm'), t('chapterScript.page.delete'), {
      danger: true,
    });
    if (sure) del.mutate(page.id);
  };

  const submit = async () => {
    if (!list.length) return toastWarning(t('validation.namesEmpty'));
    if (list.some((p) => p.status === DraftPageStatus.EMPTY))
      return toastWarning(t('validation.namesIncomplete'));
    if (await confirmDialog(t('chapterScript.submitConfirm'), t('chapterScript.submitOk'))) commit.mutate();
  };

  // Approving a page over open red-pen marks asks first (docs/marks.md); without any, at once.
  // Sending one back asks why (issue 40): never one tap beside 承認.
  const checkPage = async (page: DraftPage, pass: boolean) => {
    if (!pass) return setRejectingPage(page);
    const { title } = openMarksTitle(page.open_marks, t);
    if (title && !(await confirmDialog(title, t('chapterScript.page.approve')))) return;
    check.mutate({ pageId: page.id, checkStatus: CheckStatus.ACCEPT });
  };

  const actions: ScriptPageActions = {
    canEdit,
    canReview,
    busy,
    onOpen: (page) => setViewing(page.id),
    onUpload: (page, file, onProgress) => upload(page.id, file, onProgress),
    onDownload: (page) => void download(page),
    onDelete: (page) => void remove(page),
    onCheck: (page, pass) => void checkPage(page, pass),
    onHistory: setHistory,
  };

  return (
    <>
      <ChapterHeader
        details={chapter}
        extra={
          canEditInfo ? (
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
              {t('chapterScript.editInfo')}
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        {status === ChapterStatus.NAME_REVISION ? (
          <Alert
            type="warning"
            showIcon
            title={t(`chapterScript.rejectedTitle.${readerOf(chapter.viewer)}`)}
            description={
              <span className="koma-prewrap">
                {chapter.name_remark || t('chapterScript.rejectedNoReason')}
              </span>
            }
          />
        ) : null}
        {canReview ? <Alert type="info" showIcon title={t('chapterScript.review.lead')} /> : null}
        {status === ChapterStatus.AWAITING_EDITOR && !canReview ? (
          <Alert type="info" showIcon title={t('chapterScript.waitingEditor')} />
        ) : null}
        {pages.data && !canEdit && !canReview && status !== ChapterStatus.AWAITING_EDITOR ? (
          <Alert type="info" showIcon title={t('chapterScript.readOnly')} />
        ) : null}
        <Card>
          <section aria-labelledby="chapter-script-pages-heading">
            <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
              <Flex align="baseline" gap={12} wrap>
                <h2 id="chapter-script-pages-heading" className="koma-card-heading">
                  {t('chapterScript.pagesHeading')}
                </h2>
                {pages.data ? (
                  <span className="koma-script-hint">
                    {t('chapterScript.pageCount', { count: list.length })}
                  </span>
                ) : null}
              </Flex>
              <Flex gap={8} wrap>
                {canEdit ? (
                  <>
                    <Button
                      icon={<PlusOutlined aria-hidden="true" />}
                      onClick={() => add.mutate()}
                      loading={add.isPending}
                      disabled={busy && !add.isPending}
                    >
                      {t('chapterScript.addPage')}
                    </Button>
                    <Button
                      type="primary"
                      icon={<SendOutlined aria-hidden="true" />}
                      onClick={() => void submit()}
                      loading={commit.isPending}
                      disabled={busy && !commit.isPending}
                    >
                      {t('chapterScript.submit')}
                    </Button>
                  </>
                ) : null}
                {canReview ? (
                  <ScriptReviewActions
                    projectId={projectId}
                    chapterId={chapterId}
                    pages={list}
                    busy={busy}
                    onRejectAll={() => setRejecting(true)}
                  />
                ) : null}
              </Flex>
            </Flex>
            {canEdit && pages.data ? (
              <ScriptBatchUpload
                projectId={projectId}
                chapterId={chapterId}
                pages={list}
                disabled={busy}
                upload={upload}
              />
            ) : null}
            {pages.isError && !pages.data ? (
              <Alert
                type="error"
                showIcon
                title={t('chapterScript.pagesLoadFailed')}
                description={errorText(pages.error)}
                action={
                  <Button size="small" onClick={() => void pages.refetch()}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : !pages.data ? (
              <LoadingSkeleton rows={5} />
            ) : list.length ? (
              <ul className="koma-script-grid" aria-label={t('chapterScript.pagesLabel')}>
                {list.map((page) => (
                  <ScriptPageCard key={page.id} page={page} actions={actions} />
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chapterScript.empty')} />
            )}
          </section>
        </Card>
      </Flex>
      <ScriptPageViewer
        projectId={projectId}
        chapterId={chapterId}
        pages={list}
        pageId={viewing}
        onShow={setViewing}
        canReview={canReview}
        busy={busy}
        onCheck={actions.onCheck}
      />
      <ScriptPageHistory
        projectId={projectId}
        chapterId={chapterId}
        page={history}
        onClose={() => setHistory(null)}
      />
      {canReview ? (
        <ScriptPageRejectDialog
          projectId={projectId}
          chapterId={chapterId}
          page={rejectingPage}
          onClose={() => setRejectingPage(null)}
        />
      ) : null}
      {canReview ? (
        <ScriptRejectDialog
          open={rejecting}
          projectId={projectId}
          chapterId={chapterId}
          onClose={() => setRejecting(false)}
        />
      ) : null}
      {canEditInfo ? (
        <ChapterFormDialog
          open={editing}
          projectId={projectId}
          mode="edit"
          chapter={chapter}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}
