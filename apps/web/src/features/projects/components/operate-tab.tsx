import type { ProjectDetailData } from '@koma/shared/schemas';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectSpecPanel } from '../../print';
import { ChapterPanel } from './chapter-panel';
import { FolderPanel } from './folder-panel';
import { RecruitInfoPanel } from './recruit-info-panel';

// '4': the print specification (docs/print.md).
export type OperateMenu = '1' | '2' | '3' | '4';

interface OperateTabProps {
  project: ProjectDetailData;
  menu: OperateMenu;
  onMenuChange: (menu: OperateMenu) => void;
  onShowProfile: (uid: number) => void;
}

/** プロジェクト操作 (members): 企画 (folders), 案件 (chapters), 募集情報, 印刷仕様 (activeMenu 1–4). */
export function OperateTab({ project, menu, onMenuChange, onShowProfile }: OperateTabProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={menu}
      onChange={(key) => onMenuChange(key as OperateMenu)}
      aria-label={t('project.operate.menuLabel')}
      destroyOnHidden
      items={[
        {
          key: '1',
          label: t('project.operate.folders'),
          children: <FolderPanel projectId={project.proId} />,
        },
        {
          key: '2',
          label: t('project.operate.chapters'),
          children: <ChapterPanel projectId={project.proId} />,
        },
        {
          key: '3',
          label: t('project.operate.recruit'),
          children: (
            <RecruitInfoPanel
              projectId={project.proId}
              isFounder={project.isFounder}
              onShowProfile={onShowProfile}
            />
          ),
        },
        {
          key: '4',
          label: t('preflight.specTitle'),
          children: <ProjectSpecPanel projectId={project.proId} mayEdit={project.isEditorial} />,
        },
      ]}
    />
  );
}
