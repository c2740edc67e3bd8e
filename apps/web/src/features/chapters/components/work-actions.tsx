import {
  AuditOutlined,
  CheckOutlined,
  CloseOutlined,
  DownloadOutlined,
  EditOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { ChapterDetails } from '@koma/shared/schemas';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../lib/feedback';
import { downloadLink } from '../../../lib/links';
import { usePreflight } from '../../print';
import { useChapterActionAuditPass } from '../api/chapter-action-audit-pass';
import { useChapterActionCommit } from '../api/chapter-action-commit';
import { zipDownloadUrl } from '../api/download-zip';
import type { WorkPagesData } from '../api/page-working-process-list';
import { chapterQuery } from '../lib/chapter-params';
import { openMarksTitle } from '../lib/open-marks';
import { workButtons } from '../lib/work-status';
import { AuditRejectDialog } from './audit-reject-dialog';
import { ChapterFormDialog } from './chapter-form-dialog';

interface WorkActionsProps {
  details: ChapterDetails;
  /** show_buttons of the work flow (null while it loads). */
  show: WorkPagesData['show_buttons'] | null;
  /** Red-pen marks still open on the chapter's pages: passing the final audit asks first. */
  openMarks: number;
}

/**
 * The work screen's buttons: the zip of the finished pages, the episode-info edit (founder, not
 * after 校了), 作業フロー編集, 校了申請 and the editor's 承認 / 否決 (as show_buttons allow).
 */
export function WorkActions({ details, show, openMarks }: WorkActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = details.projectId;
  const chapterId = details.id;
  const buttons = workButtons(details, show);
  const submit = useChapterActionCommit(projectId, chapterId);
  const preflight = usePreflight(projectId, chapterId);
  const pass = useChapterActionAuditPass(projectId, chapterId);
  const [zipBusy, setZipBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const downloadZip = async () => {
    setZipBusy(true);
    try {
      downloadLink(await zipDownloadUrl(projectId, chapterId));
    } catch {
      // The API client has shown the server's message (e.g. no finished page yet).
    } finally {
      setZipBusy(false);
    }
  };

  // The preflight's warnings are confirmed in this same step, and the server records it.
  const warnings = preflight.data?.spec ? preflight.data.warnings : 0;
  const askSubmit = async () => {
    const lead = t('chapterDetails.submitConfirm');
    const text = warnings > 0 ? `${t('preflight.confirmWarnings', { count: warnings })}\n${lead}` : lead;
    const sure = await confirmDialog(text, t('chapterDetails.submit'), {
      title: t('chapterDetails.submitTitle'),
    });
    if (sure) submit.mutate(warnings > 0);
  };

  const askApprove = async () => {
    const sure = await confirmDialog(t('chapterDetails.approveConfirm'), t('chapterDetails.approve'), {
      title: t('chapterDetails.approveTitle'),
      ...openMarksTitle(openMarks, t),
    });
    if (sure) pass.mutate();
  };

  return (
    <>
      {buttons.downloadZip ? (
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          loading={zipBusy}
          onClick={() => void downloadZip()}
        >
          {t('chapterDetails.downloadZip')}
        </Button>
      ) : null}
      {buttons.editInfo ? (
        <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
          {t('chapterDetails.editInfo')}
        </Button>
      ) : null}
      {buttons.editFlow ? (
        <Button
          icon={<AuditOutlined aria-hidden="true" />}
          onClick={() => navigate(`/chapter/settings?${chapterQuery(projectId, chapterId)}`)}
        >
          {t('chapterDetails.editFlow')}
        </Button>
      ) : null}
      {buttons.submit ? (
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden="true" />}
          loading={submit.isPending}
          onClick={() => void askSubmit()}
        >
          {t('chapterDetails.submit')}
        </Button>
      ) : null}
      {buttons.audit ? (
        <>
          {buttons.signOff ? (
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden="true" />}
              loading={pass.isPending}
              onClick={() => void askApprove()}
            >
              {t('chapterDetails.approve')}
            </Button>
          ) : null}
          <Button danger icon={<CloseOutlined aria-hidden="true" />} onClick={() => setRejecting(true)}>
            {t('chapterDetails.reject')}
          </Button>
        </>
      ) : null}
      {buttons.editInfo ? (
        <ChapterFormDialog
          open={editing}
          projectId={projectId}
          mode="edit"
          chapter={details}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {buttons.audit ? (
        <AuditRejectDialog
          open={rejecting}
          projectId={projectId}
          chapterId={chapterId}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </>
  );
}
