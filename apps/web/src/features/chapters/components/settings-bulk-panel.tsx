import { CopyOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastInfo, toastWarning } from '../../../lib/feedback';
import { bulkProblem, newStep, type PlanStep, type PositionMembers } from '../lib/step-plan';
import { SettingsStepList } from './settings-step-list';

interface SettingsBulkPanelProps {
  pageCount: number;
  positions: PositionMembers;
  /** Some page already has (unsaved) steps: applying replaces them, so it asks first. */
  replaces: boolean;
  onApply: (template: PlanStep[]) => void;
}

/**
 * 一括設定 (only while no page has a step): one ordered list of tasks and assignees, applied to
 * every page. It needs at least one step, each with a task ('作業種類を選択してください');
 * assignees may be left for each page.
 */
export function SettingsBulkPanel({ pageCount, positions, replaces, onApply }: SettingsBulkPanelProps) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState<PlanStep[]>(() => [newStep()]);

  const apply = async () => {
    const problem = bulkProblem(template);
    if (problem) {
      toastWarning(t(`validation.${problem}`));
      return;
    }
    if (replaces) {
      const sure = await confirmDialog(t('chapterSettings.bulk.confirm'), t('chapterSettings.bulk.replace'));
      if (!sure) return;
    }
    onApply(template);
    toastInfo(t('chapterSettings.bulk.applied', { count: pageCount }));
  };

  return (
    <Card style={{ marginBottom: 16 }}>
      <section aria-labelledby="settings-bulk-heading">
        <h2 id="settings-bulk-heading" className="koma-card-heading" style={{ marginBottom: 4 }}>
          {t('chapterSettings.bulk.heading')}
        </h2>
        <p className="koma-settings-muted" style={{ marginTop: 0 }}>
          {t('chapterSettings.bulk.lead', { count: pageCount })}
        </p>
        <SettingsStepList
          steps={template}
          positions={positions}
          editable
          onChange={setTemplate}
          label={t('chapterSettings.bulk.listLabel')}
          emptyText={t('chapterSettings.bulk.empty')}
          namePrefix={t('chapterSettings.bulk.namePrefix')}
          showStatus={false}
        />
        <div style={{ marginTop: 16 }}>
          <Button type="primary" icon={<CopyOutlined aria-hidden="true" />} onClick={() => void apply()}>
            {t('chapterSettings.bulk.apply')}
          </Button>
        </div>
      </section>
    </Card>
  );
}
