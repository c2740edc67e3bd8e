import {
  CheckOutlined,
  CloseOutlined,
  CommentOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileImageOutlined,
  HistoryOutlined,
} from '@ant-design/icons';
import { DraftPageStatus } from '@koma/shared/constants';
import type { DraftPage } from '@koma/shared/schemas';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { markCountsWords } from '../../../lib/mark-counts';
import { ScriptPageUpload } from './script-page-upload';

/** Tag colours with WCAG AA text contrast (an approved page uses .koma-tag-ok). */
function pageTagProps(status: number): { color?: string; className?: string } {
  switch (status) {
    case DraftPageStatus.NOT_REVIEWED:
      return { color: 'blue' };
    case DraftPageStatus.REUPLOADED:
      return { color: 'geekblue' };
    case DraftPageStatus.APPROVED:
      return { className: 'koma-tag-ok' };
    case DraftPageStatus.REJECTED:
      return { color: 'red' };
    default:
      return {};
  }
}

/** A draft page's status as a tag with its status_text. */
export function ScriptPageStatusTag({ page }: { page: DraftPage }) {
  return (
    <Tag {...pageTagProps(page.status)} style={{ marginInlineEnd: 0 }}>
      {page.status_text}
    </Tag>
  );
}

export interface ScriptPageActions {
  canEdit: boolean;
  canReview: boolean;
  onOpen: (page: DraftPage) => void;
  onUpload: (page: DraftPage, file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  onDownload: (page: DraftPage) => void;
  onDelete: (page: DraftPage) => void;
  onCheck: (page: DraftPage, pass: boolean) => void;
  /** Opens the page's 版の履歴 (every file it was given). */
  onHistory: (page: DraftPage) => void;
  /** A call is running: the buttons that change pages wait. */
  busy: boolean;
}

/**
 * One storyboard page of the grid: the thumbnail (opens the viewer), number, status, uploader,
 * comment count; creators upload, download and delete, the editor approves or rejects.
 */
export function ScriptPageCard({ page, actions }: { page: DraftPage; actions: ScriptPageActions }) {
  const { t } = useTranslation();
  const num = page.num;
  const hasFile = page.status !== DraftPageStatus.EMPTY;

  return (
    <li className="koma-script-page">
      <button
        type="button"
        className="koma-script-thumb"
        onClick={() => actions.onOpen(page)}
        aria-label={t('chapterScript.page.open', { num })}
      >
        {page.renditions ? (
          <RenditionImage
            renditions={page.renditions}
            size="thumb"
            alt={t('chapterScript.page.thumbAlt', { num })}
          />
        ) : (
          <span className="koma-script-thumb-empty">
            <FileImageOutlined aria-hidden="true" />
            <span>{t('upload.noImage')}</span>
          </span>
        )}
      </button>
      <div className="koma-script-page-body">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <h3 className="koma-script-page-name">{t('chapterScript.page.name', { num })}</h3>
          <ScriptPageStatusTag page={page} />
        </Flex>
        <dl className="koma-script-page-facts">
          <div>
            <dt>{t('chapterScript.page.uploader')}</dt>
            <dd>{page.user?.nickname ?? t('chapterScript.page.noUploader')}</dd>
          </div>
        </dl>
        <div className="koma-script-page-notes">
          <CommentOutlined aria-hidden="true" /> {t('chapterScript.page.notes', { count: page.note_count })}
        </div>
        {/* Red-pen marks are not comments: counted by state, as the viewer counts them (issue 30). */}
        {page.marks.open + page.marks.resolved + page.marks.confirmed > 0 ? (
          <div className="koma-script-page-notes">
            <EditOutlined aria-hidden="true" />{' '}
            {t('chapterScript.page.marks', { counts: markCountsWords(t, page.marks) })}
          </div>
        ) : null}
        {actions.canEdit || actions.canReview || hasFile ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
          <div
            className="koma-script-page-actions"
            role="group"
            aria-label={t('chapterScript.page.actions', { num })}
          >
            {actions.canEdit ? (
              <ScriptPageUpload
                num={num}
                hasFile={hasFile}
                upload={(file, onProgress) => actions.onUpload(page, file, onProgress)}
              />
            ) : null}
            {hasFile ? (
              <Button
                size="small"
                icon={<DownloadOutlined aria-hidden="true" />}
                onClick={() => actions.onDownload(page)}
                aria-label={t('chapterScript.page.downloadWho', { num })}
              >
                {t('chapterScript.page.download')}
              </Button>
            ) : null}
            {page.revisions > 1 ? (
              <Button
                size="small"
                icon={<HistoryOutlined aria-hidden="true" />}
                onClick={() => actions.onHistory(page)}
                aria-label={t('chapterScript.page.historyWho', { num })}
              >
                {t('chapterScript.page.history', { count: page.revisions })}
              </Button>
            ) : null}
            {actions.canEdit ? (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                onClick={() => actions.onDelete(page)}
                disabled={actions.busy}
                aria-label={t('chapterScript.page.deleteWho', { num })}
              >
                {t('chapterScript.page.delete')}
              </Button>
            ) : null}
            {actions.canReview ? (
              <>
                <Button
                  size="small"
                  type={page.status === DraftPageStatus.APPROVED ? 'default' : 'primary'}
                  icon={<CheckOutlined aria-hidden="true" />}
                  onClick={() => actions.onCheck(page, true)}
                  disabled={actions.busy || page.status === DraftPageStatus.APPROVED}
                  aria-label={t('chapterScript.page.approveWho', { num })}
                >
                  {t('chapterScript.page.approve')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<CloseOutlined aria-hidden="true" />}
                  onClick={() => actions.onCheck(page, false)}
                  disabled={actions.busy || page.status === DraftPageStatus.REJECTED}
                  aria-label={t('chapterScript.page.rejectWho', { num })}
                >
                  {t('chapterScript.page.reject')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
