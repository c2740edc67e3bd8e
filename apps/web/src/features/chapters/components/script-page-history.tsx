import { DiffOutlined, EyeOutlined } from '@ant-design/icons';
import type { DraftPage } from '@koma/shared/schemas';
import { Alert, Button, Empty, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { errorText } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { markCountsWords } from '../../../lib/mark-counts';
import { viewerPath } from '../../viewer';
import { type PageRevision, usePageRevisions } from '../api/page-revisions';

interface ScriptPageHistoryProps {
  projectId: number;
  chapterId: number;
  /** The page whose versions are shown; null: closed. */
  page: DraftPage | null;
  onClose: () => void;
}

/**
 * 版の履歴 of a storyboard page (docs/production.md, "Storyboard revisions"): every file it was
 * given, newest first, each a card with who uploaded it, its marks and links into the viewer: the
 * version alone, or compared side by side with the one before it (the viewer's compare mode).
 */
export function ScriptPageHistory({ projectId, chapterId, page, onClose }: ScriptPageHistoryProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const history = usePageRevisions(projectId, chapterId, page?.id ?? null);
  const list = history.data?.list ?? [];
  const num = page?.num ?? 0;

  const card = (revision: PageRevision, i: number) => {
    const previous = list[i + 1];
    const counts = revision.marks.open + revision.marks.resolved + revision.marks.confirmed;
    return (
      <li key={revision.id} className="koma-script-history-item">
        {revision.renditions ? (
          <RenditionImage
            renditions={revision.renditions}
            size="thumb"
            alt={t('chapterScript.history.version', { version: revision.version })}
          />
        ) : null}
        <div className="koma-script-history-body">
          <h3 className="koma-script-page-name">
            {t('chapterScript.history.version', { version: revision.version })}{' '}
            {i === 0 ? <Tag color="blue">{t('chapterScript.history.latest')}</Tag> : null}
          </h3>
          <div>
            {t('chapterScript.history.by', {
              name: revision.user?.nickname ?? '—',
              time: formatTime(revision.create_time),
            })}
          </div>
          <div>
            {counts > 0
              ? t('chapterScript.history.marks', { counts: markCountsWords(t, revision.marks) })
              : t('chapterScript.history.noMarks')}
          </div>
          <div className="koma-script-history-actions">
            <Button
              icon={<EyeOutlined aria-hidden="true" />}
              aria-label={t('chapterScript.history.openWho', { version: revision.version })}
              onClick={() =>
                void navigate(viewerPath(projectId, chapterId, { page: num, revision: revision.id }))
              }
            >
              {t('chapterScript.history.open')}
            </Button>
            {previous ? (
              <Button
                icon={<DiffOutlined aria-hidden="true" />}
                aria-label={t('chapterScript.history.compareWho', {
                  version: revision.version,
                  previous: previous.version,
                })}
                onClick={() =>
                  void navigate(
                    viewerPath(projectId, chapterId, {
                      page: num,
                      revision: previous.id,
                      compare: revision.id,
                      mode: 'side',
                    }),
                  )
                }
              >
                {t('chapterScript.history.compare')}
              </Button>
            ) : null}
          </div>
        </div>
      </li>
    );
  };

  return (
    <Modal
      open={page !== null}
      title={t('chapterScript.history.title', { num })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('chapterScript.history.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      {history.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('chapterScript.history.loadFailed')}
          description={errorText(history.error)}
        />
      ) : !history.data ? (
        <LoadingSkeleton rows={3} />
      ) : list.length ? (
        <ul className="koma-script-history" aria-label={t('chapterScript.page.historyWho', { num })}>
          {list.map(card)}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chapterScript.history.empty')} />
      )}
    </Modal>
  );
}
