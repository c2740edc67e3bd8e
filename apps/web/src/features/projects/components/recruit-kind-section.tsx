import { RecruitState } from '@koma/shared/constants';
import { Alert, Button, Empty, Flex, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecruitTables } from '../../../components/recruitment/recruit-tables';
import { formatDay } from '../../../lib/dates';
import { confirmDialog, toastError } from '../../../lib/feedback';
import { useApplyList } from '../api/apply-list';
import { useChapterList } from '../api/chapter-list';
import { useRecruitCancel } from '../api/recruit-cancel';
import { type RecruitTarget, useRecruitDetail } from '../api/recruit-detail';
import { ApplicantTable } from './applicant-table';
import { RecruitDialog } from './recruit-dialog';

interface RecruitKindSectionProps {
  projectId: number;
  kind: 1 | 2;
  isFounder: boolean;
  onShowProfile: (uid: number) => void;
}

/**
 * The recruitment of one kind (企画 or 案件, the latter per chapter): period, state and positions,
 * the applicants, and for the founder 募集を終了 (scheduled or ongoing) and 募集を編集 (scheduled).
 */
export function RecruitKindSection({ projectId, kind, isFounder, onShowProfile }: RecruitKindSectionProps) {
  const { t } = useTranslation();
  const [chapterId, setChapterId] = useState<number | null>(null);
  const chapters = useChapterList(projectId, kind === 2);
  const target: RecruitTarget = { projectId, kind, chapterId };
  const ready = kind === 1 || chapterId !== null;
  const detail = useRecruitDetail(target, { enabled: ready });
  const applicants = useApplyList(target, { enabled: ready, quiet: !isFounder });
  const cancel = useRecruitCancel();
  const kindLabel = t(`project.recruit.kinds.${kind}`);
  const headingId = `recruit-kind-${kind}`;
  const current = detail.data?.detail ?? null;
  const scheduled = current?.state === RecruitState.SCHEDULED;
  const open = scheduled || current?.state === RecruitState.ONGOING;
  const [editing, setEditing] = useState(false);
  const filled = new Set((current?.details ?? []).filter((p) => p.filled).map((p) => p.position_id));

  const end = async () => {
    if (kind === 2 && chapterId === null) {
      toastError(t('validation.recruitEndChapterRequired'));
      return;
    }
    if (!(await confirmDialog(t('project.recruit.endConfirm'), t('project.recruit.end')))) return;
    cancel.mutate(target);
  };

  return (
    <section aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <h3 id={headingId} className="koma-card-heading">
          {t('project.recruit.section', { kind: kindLabel })}
        </h3>
        {isFounder && (open || !ready) ? (
          <Flex gap={8} wrap>
            {scheduled ? (
              <Button
                onClick={() => setEditing(true)}
                aria-label={t('project.recruit.editWho', { kind: kindLabel })}
              >
                {t('project.recruit.edit')}
              </Button>
            ) : null}
            <Button
              danger
              onClick={() => void end()}
              loading={cancel.isPending}
              aria-label={t('project.recruit.endWho', { kind: kindLabel })}
            >
              {t('project.recruit.end')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {kind === 2 ? (
        <Form layout="inline" name="recruit-chapter" style={{ marginBottom: 12 }}>
          <Form.Item label={t('project.recruit.chapter')} htmlFor="recruit-chapter-select">
            <Select
              id="recruit-chapter-select"
              allowClear
              style={{ width: 'min(280px, 60vw)' }}
              value={chapterId}
              onChange={(value?: number | null) => setChapterId(value ?? null)}
              loading={chapters.isFetching}
              placeholder={t('project.recruit.chooseChapter')}
              notFoundContent={t('project.recruit.noChapters')}
              options={(chapters.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            />
          </Form.Item>
        </Form>
      ) : null}
      {!ready ? null : current ? (
        <Flex vertical gap={16}>
          {isFounder && scheduled ? (
            <Alert
              type="info"
              showIcon
              title={t('project.recruit.scheduledNote', { date: formatDay(current.stime) })}
            />
          ) : null}
          <RecruitTables detail={current} kindLabel={kindLabel} />
          <div>
            <h4 className="koma-card-heading" style={{ fontSize: 14, marginBottom: 8 }}>
              {t('project.recruit.applicants')}
            </h4>
            <ApplicantTable
              applicants={applicants.data?.result ?? []}
              loading={applicants.isFetching}
              target={target}
              isFounder={isFounder}
              filledPositions={filled}
              kindLabel={kindLabel}
              onShowProfile={onShowProfile}
            />
          </div>
        </Flex>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={detail.isFetching ? t('common.loading') : t('project.recruit.none')}
        />
      )}
      {isFounder && scheduled ? (
        <RecruitDialog
          projectId={projectId}
          open={editing}
          editing={current}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </section>
  );
}
