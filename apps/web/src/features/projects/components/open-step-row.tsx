import type { MemberWorkData } from '@koma/shared/schemas';
import { Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandOver } from '../api/hand-over';

export type OpenStep = MemberWorkData['steps'][number];

/** One open step: what it is, its state, and (for the founder) whom to hand it to. */
export function OpenStepRow({
  projectId,
  step,
  canHand,
}: {
  projectId: number;
  step: OpenStep;
  canHand: boolean;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState<number | undefined>(undefined);
  const handOver = useHandOver();
  const label = t('project.team.step', {
    chapter: step.chapter_title,
    page: step.page_num,
    position: step.position,
  });
  return (
    <li className="koma-open-step">
      <Flex wrap gap={8} align="center" justify="space-between">
        <span>
          {label}{' '}
          <Typography.Text type="secondary">
            （{t(`statuses.step.${step.status}` as 'statuses.step.0', String(step.status))}）
          </Typography.Text>
        </span>
        {canHand ? (
          step.candidates.length === 0 ? (
            <Typography.Text type="warning">{t('project.team.noCandidate')}</Typography.Text>
          ) : (
            <Flex gap={8} wrap>
              <Select
                aria-label={`${t('project.team.handTo')}: ${label}`}
                placeholder={t('project.team.handTo')}
                style={{ minWidth: 160 }}
                value={to}
                onChange={setTo}
                options={step.candidates.map((c) => ({ value: c.id, label: c.nickname }))}
              />
              <Button
                disabled={to === undefined}
                loading={handOver.isPending}
                onClick={() => {
                  if (to === undefined) return;
                  handOver
                    .mutateAsync({
                      projectId,
                      chapterId: step.chapter_id,
                      stepId: step.step_id,
                      toUserId: to,
                    })
                    .catch(() => undefined);
                }}
              >
                {t('project.team.handOver')}
              </Button>
            </Flex>
          )
        ) : null}
      </Flex>
    </li>
  );
}
