import { POSITIONS, RecruitStatus, referenceName } from '@koma/shared';
import { Alert, Button, Empty, Flex, Modal, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectFacts } from '../../../components/project-facts/project-facts';
import { RecruitTables } from '../../../components/recruitment/recruit-tables';
import { errorText } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { parseIdList } from '../../../lib/id-list';
import { useCurrentUser } from '../../../lib/session';
import { useProjectInfo } from '../api/project-detail';
import { type RecruitTarget, useRecruitInfo } from '../api/recruit-detail';
import type { SearchItem, SearchMode } from '../api/search-projects';
import { applicablePositions } from '../lib/apply-positions';
import { ApplyDialog } from './apply-dialog';

interface ProjectInfoDialogProps {
  item: SearchItem | null;
  mode: SearchMode;
  onClose: () => void;
}

/**
 * The project (or case) info dialog (spec section 2, 780 px): project info and recruitment info
 * tabs (projectDetail + recruit/getDetail); 応募する opens the apply dialog.
 */
export function ProjectInfoDialog({ item, mode, onClose }: ProjectInfoDialogProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useCurrentUser();
  const [applying, setApplying] = useState(false);
  const target: RecruitTarget | null = item
    ? { projectId: item.project_id, kind: mode === 'chapter' ? 2 : 1, chapterId: item.chapter_id }
    : null;
  const project = useProjectInfo(item?.project_id ?? null);
  const recruit = useRecruitInfo(target);
  const detail = recruit.data?.detail ?? null;
  const ongoing = detail?.isongoing === RecruitStatus.ONGOING;
  const kindLabel = t(`project.recruit.kinds.${mode === 'chapter' ? 2 : 1}`);

  const recruited = detail
    ? detail.details.filter((d) => d.num > 0).map((d) => ({ id: d.position_id, name: d.position }))
    : (item?.recruit_pos ?? []).map((p) => ({ id: p.posid, name: p.position }));
  const positions = applicablePositions(recruited, parseIdList(user.positions)).map((p) => ({
    id: p.id,
    name: POSITIONS.some((e) => e.id === p.id) ? referenceName(POSITIONS, p.id, lang) : p.name,
  }));

  const close = () => {
    setApplying(false);
    onClose();
  };

  const loading = (
    <Spin description={t('common.loading')}>
      <div style={{ height: 80 }} />
    </Spin>
  );
  const failed = (error: unknown) => (
    <Alert
      type="error"
      showIcon
      title={t('projectSearch.dialog.loadFailed')}
      description={errorText(error)}
    />
  );

  const info = project.data ? (
    <ProjectFacts
      project={project.data}
      before={[{ key: 'author', label: t('project.fields.author'), children: project.data.nick }]}
    />
  ) : project.isError ? (
    failed(project.error)
  ) : (
    loading
  );
  const recruitment = detail ? (
    <RecruitTables detail={detail} kindLabel={kindLabel} />
  ) : recruit.isError ? (
    failed(recruit.error)
  ) : recruit.data ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.recruit.none')} />
  ) : (
    loading
  );

  return (
    <Modal
      open={item !== null}
      width={780}
      title={<span className="koma-prewrap">{item?.project_title}</span>}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" align="center" wrap>
          {recruit.data && !ongoing ? (
            <span className="koma-project-meta">{t('projectSearch.dialog.notRecruiting')}</span>
          ) : null}
          <Button onClick={close}>{t('common.close')}</Button>
          <Button type="primary" disabled={!ongoing} onClick={() => setApplying(true)}>
            {t('projectSearch.dialog.apply')}
          </Button>
        </Flex>
      }
    >
      <Tabs
        items={[
          {
            key: 'info',
            label: mode === 'chapter' ? t('projectSearch.dialog.caseInfo') : t('projectSearch.dialog.info'),
            children: info,
          },
          { key: 'recruit', label: t('projectSearch.dialog.recruitInfo'), children: recruitment },
        ]}
      />
      {item && target ? (
        <ApplyDialog
          open={applying}
          title={item.project_title}
          target={target}
          positions={positions}
          onClose={() => setApplying(false)}
        />
      ) : null}
    </Modal>
  );
}
