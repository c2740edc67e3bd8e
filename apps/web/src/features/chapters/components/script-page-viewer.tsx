import {
  CheckOutlined,
  CloseOutlined,
  ExpandOutlined,
  LeftOutlined,
  RightOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { DraftPageStatus, LIMITS } from '@koma/shared/constants';
import type { DraftPage } from '@koma/shared/schemas';
import { Avatar, Button, Col, Empty, Flex, Modal, Row, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { TextComposer } from '../../../components/text-composer';
import { avatarUrl } from '../../../lib/avatar-url';
import { formatTime } from '../../../lib/dates';
import { viewerPath } from '../../viewer';
import { usePageNoteAdd } from '../api/page-note-add';
import { usePageNotes } from '../api/page-notes';
import { ScriptPageStatusTag } from './script-page-card';

interface ScriptPageViewerProps {
  projectId: number;
  chapterId: number;
  pages: DraftPage[];
  /** The page shown; null: closed. */
  pageId: number | null;
  onShow: (pageId: number | null) => void;
  canReview: boolean;
  busy: boolean;
  onCheck: (page: DraftPage, pass: boolean) => void;
}

/** Arrow keys turn the pages, except while typing. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The page viewer: the large image, previous/next (buttons and ← →), the page's comment history
 * (oldest first) and a comment field with 更新 (empty text sends nothing). The editor can approve
 * or reject the page from here too.
 */
export function ScriptPageViewer(props: ScriptPageViewerProps) {
  const { projectId, chapterId, pages, pageId, onShow } = props;
  const { t } = useTranslation();
  const index = pages.findIndex((p) => p.id === pageId);
  const page = index >= 0 ? pages[index] : undefined;
  const prev = index > 0 ? pages[index - 1] : undefined;
  const next = index >= 0 && index < pages.length - 1 ? pages[index + 1] : undefined;
  const notes = usePageNotes(projectId, page ? page.id : null);
  const addNote = usePageNoteAdd(projectId, chapterId);
  // A comment typed but not sent is lost with another page or on closing: ask first.
  const dialog = useDiscardOnClose(() => onShow(null));
  const { leave } = dialog;

  useEffect(() => {
    if (!page) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (event.key === 'ArrowLeft' && prev) {
        event.preventDefault();
        leave(() => onShow(prev.id));
      } else if (event.key === 'ArrowRight' && next) {
        event.preventDefault();
        leave(() => onShow(next.id));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [page, prev, next, onShow, leave]);

  const list = notes.data?.list ?? [];

  return (
    <Modal
      open={page !== undefined}
      title={
        page
          ? t('chapterScript.viewer.title', { num: page.num, index: index + 1, total: pages.length })
          : undefined
      }
      width={1000}
      onCancel={dialog.cancel}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex gap={8} align="center" wrap>
            <Button
              icon={<LeftOutlined aria-hidden="true" />}
              disabled={!prev}
              onClick={() => prev && leave(() => onShow(prev.id))}
            >
              {t('chapterScript.viewer.prev')}
            </Button>
            <Button disabled={!next} onClick={() => next && leave(() => onShow(next.id))}>
              {t('chapterScript.viewer.next')} <RightOutlined aria-hidden="true" />
            </Button>
            <span className="koma-script-hint">{t('chapterScript.viewer.keyHint')}</span>
          </Flex>
          <Flex gap={8} wrap>
            {props.canReview && page ? (
              <>
                <Button
                  danger
                  icon={<CloseOutlined aria-hidden="true" />}
                  disabled={props.busy || page.status === DraftPageStatus.REJECTED}
                  onClick={() => props.onCheck(page, false)}
                  aria-label={t('chapterScript.page.rejectWho', { num: page.num })}
                >
                  {t('chapterScript.page.reject')}
                </Button>
                <Button
                  type="primary"
                  icon={<CheckOutlined aria-hidden="true" />}
                  disabled={props.busy || page.status === DraftPageStatus.APPROVED}
                  onClick={() => props.onCheck(page, true)}
                  aria-label={t('chapterScript.page.approveWho', { num: page.num })}
                >
                  {t('chapterScript.page.approve')}
                </Button>
              </>
            ) : null}
            <Button onClick={dialog.cancel}>{t('common.close')}</Button>
          </Flex>
        </Flex>
      }
    >
      {page ? (
        <Row gutter={[24, 16]}>
          <Col xs={24} md={15}>
            <Flex vertical gap={8}>
              <div>
                <ScriptPageStatusTag page={page} />
              </div>
              <div className="koma-script-viewer-image">
                {page.renditions ? (
                  <RenditionImage
                    renditions={page.renditions}
                    size="preview"
                    alt={t('chapterScript.viewer.imageAlt', { num: page.num })}
                  />
                ) : (
                  <span className="koma-script-thumb-empty">{t('chapterScript.viewer.noImage')}</span>
                )}
              </div>
              {page.renditions ? (
                <Link to={viewerPath(projectId, chapterId, { page: page.num })}>
                  <ExpandOutlined aria-hidden="true" /> {t('viewer.open')}
                </Link>
              ) : null}
            </Flex>
          </Col>
          <Col xs={24} md={9}>
            <section aria-labelledby="script-viewer-history" className="koma-script-history">
              <h3 id="script-viewer-history" className="koma-card-heading" style={{ marginBottom: 8 }}>
                {t('chapterScript.viewer.history')}
              </h3>
              {notes.data ? (
                list.length ? (
                  <ul
                    className="koma-script-notes"
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
                    tabIndex={0}
                    aria-label={t('chapterScript.viewer.historyLabel', { num: page.num })}
                  >
                    {list.map((note) => (
                      <li key={note.id} className="koma-script-note">
                        <Avatar
                          size={28}
                          src={avatarUrl(note.user.pic)}
                          icon={<UserOutlined aria-hidden="true" />}
                          alt=""
                        />
                        <div style={{ minWidth: 0 }}>
                          <div className="koma-script-note-head">
                            <strong>{note.user.nickname}</strong>
                            <span className="koma-script-hint">{formatTime(note.create_at)}</span>
                          </div>
                          <div className="koma-prewrap">{note.content}</div>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
                )
              ) : notes.isError ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
              ) : (
                <Spin description={t('common.loading')}>
                  <div style={{ height: 60 }} />
                </Spin>
              )}
              <TextComposer
                key={page.id}
                label={t('chapterScript.viewer.note')}
                sendText={t('chapterScript.viewer.update')}
                maxLength={LIMITS.noteMax}
                onSend={(content) => addNote.mutateAsync({ pageId: page.id, content })}
                onDraftChange={(hasText) => (hasText ? dialog.edited() : dialog.sent())}
              />
            </section>
          </Col>
        </Row>
      ) : null}
    </Modal>
  );
}
