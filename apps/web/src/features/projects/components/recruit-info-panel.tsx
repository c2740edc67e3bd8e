import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecruitKindSection } from './recruit-kind-section';

interface RecruitInfoPanelProps {
  projectId: number;
  isFounder: boolean;
  onShowProfile: (uid: number) => void;
}

/** 募集情報 (activeMenu 3): the project recruitment and the chapter recruitment with applicants. */
export function RecruitInfoPanel({ projectId, isFounder, onShowProfile }: RecruitInfoPanelProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="project-recruit-heading">
      <h2 id="project-recruit-heading" className="koma-visually-hidden">
        {t('project.operate.recruit')}
      </h2>
      <RecruitKindSection
        projectId={projectId}
        kind={1}
        isFounder={isFounder}
        onShowProfile={onShowProfile}
      />
      <Divider />
      <RecruitKindSection
        projectId={projectId}
        kind={2}
        isFounder={isFounder}
        onShowProfile={onShowProfile}
      />
    </section>
  );
}
