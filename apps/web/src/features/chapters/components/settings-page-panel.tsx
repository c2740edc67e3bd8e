import { ExpandOutlined, LeftOutlined, RightOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PagePlan, PlanProblem, PlanStep, PositionMembers } from '../lib/step-plan';
import { SettingsStepList } from './settings-step-list';
import './settings-plan.css';

interface SettingsPagePanelProps {
  page: PagePlan;
  positions: PositionMembers;
  editable: boolean;
  changed: boolean;
  /** The save check's problem when it is on this page. */
  problem: PlanProblem | null;
  onChange: (steps: PlanStep[]) => void;
  onReset: () => void;
  /** Null at the first / last page. */
  onPrev: (() => void) | null;
  onNext: (() => void) | null;
  /** The page in the viewer. */
  viewerHref: string;
}

/** One page: its storyboard thumbnail and its ordered steps (editable for the founder). */
export function SettingsPagePanel({
  page,
  positions,
  editable,
  changed,
  problem,
  onChange,
  onReset,
  viewerHref,
  onPrev,
  onNext,
}: SettingsPagePanelProps) {
  const { t } = useTranslation();
  const num = page.num;
  return (
    <section aria-labelledby="settings-page-heading">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <h2 id="settings-page-heading" className="koma-card-heading">
          {t('chapterSettings.panel.heading', { num })}
        </h2>
        <Flex gap={8} wrap>
          {editable && changed ? (
            <Button icon={<UndoOutlined aria-hidden="true" />} onClick={onReset}>
              {t('chapterSettings.panel.reset')}
            </Button>
          ) : null}
          <Button icon={<LeftOutlined aria-hidden="true" />} disabled={!onPrev} onClick={onPrev ?? undefined}>
            {t('chapterSettings.panel.prev')}
          </Button>
          <Button disabled={!onNext} onClick={onNext ?? undefined}>
            {t('chapterSettings.panel.next')}
            <RightOutlined aria-hidden="true" />
          </Button>
        </Flex>
      </Flex>
      <Flex gap={16} align="flex-start" wrap>
        {page.icon ? (
          <Image
            src={page.icon}
            width={80}
            alt={t('chapterSettings.panel.thumbAlt', { num })}
            className="koma-settings-preview"
            preview={{ cover: t('chapterSettings.panel.enlarge') }}
          />
        ) : (
          <div className="koma-settings-preview-empty">{t('chapterSettings.panel.noImage')}</div>
        )}
        {page.icon ? (
          <Link to={viewerHref}>
            <ExpandOutlined aria-hidden="true" /> {t('viewer.open')}
          </Link>
        ) : null}
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          {problem ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={
                problem.index >= 0
                  ? t('chapterSettings.panel.problemAt', {
                      order: problem.index + 1,
                      text: t(`validation.${problem.key}`),
                    })
                  : t(`validation.${problem.key}`)
              }
            />
          ) : null}
          <SettingsStepList
            key={page.pageId}
            steps={page.steps}
            positions={positions}
            editable={editable}
            onChange={onChange}
            label={t('chapterSettings.panel.listLabel', { num })}
            problem={problem && problem.index >= 0 ? { index: problem.index, key: problem.key } : null}
            emptyText={editable ? t('chapterSettings.panel.empty') : t('chapterSettings.panel.emptyReadOnly')}
          />
        </div>
      </Flex>
    </section>
  );
}
