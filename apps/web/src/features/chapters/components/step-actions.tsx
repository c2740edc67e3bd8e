import {
  CheckOutlined,
  CommentOutlined,
  DownloadOutlined,
  HistoryOutlined,
  MoreOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { UploadType } from '@koma/shared/constants';
import type { WorkStep } from '@koma/shared/schemas';
import { Button, Dropdown, Flex } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile } from '../../../components/upload/check-file';
import { sendUpload } from '../../../components/upload/upload-request';
import { UploadStatus } from '../../../components/upload/upload-status';
import { ApiError, errorText } from '../../../lib/api-client';
import { alertWarning, confirmDialog, showLoggedOutDialog } from '../../../lib/feedback';
import { openInNewTab, openLink } from '../../../lib/links';
import { useActionAuditPass } from '../api/action-audit-pass';
import { useActionCommit } from '../api/action-commit';
import { useActionStart } from '../api/action-start';
import { approvalMarksText, openMarksTitle } from '../lib/open-marks';
import { stepMenu } from '../lib/work-status';
import { HandInDialog } from './hand-in-dialog';
import '../../../components/upload/upload.css';

interface StepActionsProps {
  projectId: number;
  chapterId: number;
  pageNum: number;
  step: WorkStep;
  onSendBack: (step: WorkStep) => void;
  onHistory: (step: WorkStep) => void;
  onComments: (step: WorkStep) => void;
}

/** Where the focus goes once the step's buttons change after the caller's own action. */
type NextFocus = 'upload' | 'handedIn' | null;

/**
 * What the caller may do on a step (`actions` from the server): 作業開始 (opens the input file),
 * アップロード (the file chosen is shown first in the hand-in dialog; on 提出する it is uploaded as
 * type 11, then actionCommit), 承認 and 差し戻し; and a menu of download, history
 * and comments. The button pressed goes away once the step moves on, so the focus moves to the
 * next thing to do rather than falling to the page: after 作業開始 the upload, after the hand-in
 * the handed-in file (its thumbnail) or, until it has one, the menu.
 */
export function StepActions({
  projectId,
  chapterId,
  pageNum,
  step,
  onSendBack,
  onHistory,
  onComments,
}: StepActionsProps) {
  const { t } = useTranslation();
  const start = useActionStart(projectId, chapterId);
  const commit = useActionCommit(projectId, chapterId);
  const pass = useActionAuditPass(projectId, chapterId);
  const menu = stepMenu(step.download_url, pageNum);
  const task = step.position;
  const nextFocus = useRef<NextFocus>(null);
  const root = useRef<HTMLDivElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  // A layout effect: the focus moves in the same frame as the pressed button leaves.
  useLayoutEffect(() => {
    if (nextFocus.current === 'upload' && step.actions.commit) {
      nextFocus.current = null;
      uploadButton.current?.focus();
    } else if (nextFocus.current === 'handedIn' && !step.actions.commit) {
      nextFocus.current = null;
      const file = root.current
        ?.closest('tr, .koma-card-list-item')
        ?.querySelector<HTMLElement>('.koma-step-thumb a');
      (file ?? moreButton.current)?.focus();
    }
  }, [step.actions.commit]);

  const handIn = (filePath: string) => {
    nextFocus.current = 'handedIn';
    commit.mutate(
      { workflowStepId: step.step_id, filePath },
      {
        onError: () => {
          nextFocus.current = null;
        },
      },
    );
  };

  // The file chosen waits in the hand-in dialog; nothing is sent before 提出する.
  const send = async (file: File) => {
    setChosen(null);
    nextFocus.current = 'handedIn';
    setPercent(0);
    try {
      const data = await sendUpload(UploadType.PAGE)(file, setPercent, new AbortController().signal);
      setPercent(null);
      handIn(data.path);
    } catch (error) {
      setPercent(null);
      nextFocus.current = null;
      if (error instanceof ApiError && error.loggedOut) showLoggedOutDialog();
      else alertWarning(t('upload.attention'), errorText(error));
    }
  };

  const chosenProblem = chosen && checkFile(chosen, 'file');

  const approve = async () => {
    const sure = await confirmDialog(
      approvalMarksText(t('chapterDetails.steps.approveConfirm', { task }), step.resolved_marks, t),
      t('chapterDetails.steps.approve'),
      openMarksTitle(step.open_marks, t),
    );
    if (sure) pass.mutate(step.step_id);
  };

  return (
    <Flex ref={root} gap={8} wrap align="flex-start">
      {step.actions.start ? (
        <Button
          type="primary"
          size="small"
          icon={<PlayCircleOutlined aria-hidden="true" />}
          loading={start.isPending}
          onClick={() => {
            nextFocus.current = 'upload';
            void openInNewTab(() => start.mutateAsync(step.step_id));
          }}
          aria-label={t('chapterDetails.steps.startWho', { task })}
        >
          {t('chapterDetails.steps.start')}
        </Button>
      ) : null}
      {step.actions.commit ? (
        <div className="koma-upload">
          <Button
            ref={uploadButton}
            icon={<UploadOutlined aria-hidden="true" />}
            loading={percent !== null || commit.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {t('chapterDetails.steps.upload')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label={t('chapterDetails.steps.uploadWho', { task })}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0] ?? null;
              e.currentTarget.value = '';
              setChosen(file);
            }}
          />
          <UploadStatus
            percent={percent}
            progressLabel={t('upload.progress')}
            progressClassName="koma-upload-progress"
            hint={<div className="koma-upload-hint">{t('upload.fileHint')}</div>}
            problem={null}
          />
          <HandInDialog
            projectId={projectId}
            chapterId={chapterId}
            pageNum={pageNum}
            step={step}
            file={chosen}
            problem={chosenProblem ? t(`validation.${chosenProblem}`) : null}
            onSubmit={() => chosen && void send(chosen)}
            onCancel={() => setChosen(null)}
          />
        </div>
      ) : null}
      {step.actions.audit ? (
        <>
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined aria-hidden="true" />}
            loading={pass.isPending}
            onClick={() => void approve()}
            aria-label={t('chapterDetails.steps.approveWho', { task })}
          >
            {t('chapterDetails.steps.approve')}
          </Button>
          <Button
            size="small"
            danger
            icon={<RollbackOutlined aria-hidden="true" />}
            onClick={() => onSendBack(step)}
            aria-label={t('chapterDetails.steps.sendBackWho', { task })}
          >
            {t('chapterDetails.steps.sendBack')}
          </Button>
        </>
      ) : null}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'download',
              icon: <DownloadOutlined aria-hidden="true" />,
              label: t('chapterDetails.steps.download'),
              disabled: !menu.download,
            },
            {
              key: 'history',
              icon: <HistoryOutlined aria-hidden="true" />,
              label: t('chapterDetails.steps.history'),
            },
            ...(menu.comments
              ? [
                  {
                    key: 'comments',
                    icon: <CommentOutlined aria-hidden="true" />,
                    label: t('chapterDetails.steps.comments'),
                  },
                ]
              : []),
          ],
          onClick: ({ key }) => {
            if (key === 'download') openLink(step.download_url);
            if (key === 'history') onHistory(step);
            if (key === 'comments') onComments(step);
          },
        }}
      >
        <Button
          ref={moreButton}
          size="small"
          icon={<MoreOutlined aria-hidden="true" />}
          aria-label={t('chapterDetails.steps.moreWho', { task })}
        >
          {t('chapterDetails.steps.more')}
        </Button>
      </Dropdown>
    </Flex>
  );
}
