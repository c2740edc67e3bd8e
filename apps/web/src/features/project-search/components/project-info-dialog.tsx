import { POSITIONS, RecruitState, referenceName } from '@koma/shared/constants';
import { Alert, Button, Empty, Flex, Modal, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectFacts } from '../../../components/project-facts/project-facts';
import { RecruitTables } from '../../../components/recruitment/recruit-tables';
import { errorText } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { type RecruitTarget, useProjectDetail, useRecruitDetail } from '../../projects';
import { chapterOf, type SearchItem, type SearchMode } from '../api/search-projects';
import { applicablePositions } from '../lib/apply-positions';
import { ApplyDialog } from './apply-dialog';

interface ProjectInfoDialogProps {
  item: SearchItem | null;
  mode: SearchMode;
  onClose: () => void;
}

/**
 * The project (or case) info dialog (780 px): project info and recruitment info tabs
 * (projectDetail + recruit/getDetail); a case also shows its episode (title, page count, script and
 * check deadlines). 応募する opens the apply dialog with the positions still open to the caller, and
 * is off (with the reason) when none is: 締切 or 応募済み for each.
 */
export function ProjectInfoDialog({ item, mode, onClose }: ProjectInfoDialogProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useCurrentUser();
  const [applying, setApplying] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  /**
   * After applying, 応募する turns off (応募済み): focus handed back to it, before or after the list
   * refetch disables it, would fall to the page body. 閉じる is the next action then.
   */
  const keepFocus = useCallback(() => {
    const active = document.activeElement;
    if (active === document.body || (active as HTMLButtonElement | null)?.disabled)
      closeButton.current?.focus();
  }, []);
  const target: RecruitTarget | null = item
    ? { projectId: item.project_id, kind: mode === 'chapter' ? 2 : 1, chapterId: item.chapter_id }
    : null;
  const project = useProjectDetail(item?.project_id ?? null);
  const recruit = useRecruitDetail(target, { quiet: true });
  const detail = recruit.data?.detail ?? null;
  const ongoing = detail?.state === RecruitState.ONGOING;
  const kindLabel = t(`project.recruit.kinds.${mode === 'chapter' ? 2 : 1}`);
  const chapter = item ? chapterOf(item) : undefined;
  const title = chapter
    ? t('projectSearch.caseTitle', { title: chapter.project_title, chapter: chapter.chapter_title })
    : (item?.project_title ?? '');
  // A case is one episode: its title, pages and deadlines come with the search result.
  const episode = chapter
    ? [
        {
          key: 'chapterTitle',
          label: t('projectSearch.dialog.chapterTitle'),
          children: chapter.chapter_title,
        },
        { key: 'pages', label: t('projectSearch.dialog.pages'), children: chapter.page },
        { key: 'scriptAt', label: t('projectSearch.dialog.scriptAt'), children: formatDay(chapter.scriptAt) },
        { key: 'checkAt', label: t('projectSearch.dialog.checkAt'), children: formatDay(chapter.checkAt) },
      ]
    : [];

  // Open to the caller: neither filled (締切) nor applied for already (応募済み).
  const open = (detail?.details ?? [])
    .filter((d) => d.num > 0 && !d.filled && !d.applied)
    .map((d) => ({ id: d.position_id, name: d.position }));
  const canApply = ongoing && open.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when 応募する turns off
  useEffect(keepFocus, [canApply]);
  const why = !recruit.data
    ? null
    : detail?.state === RecruitState.SCHEDULED
      ? t('projectSearch.dialog.scheduled', { date: formatDay(detail.stime) })
      : !ongoing
        ? t('projectSearch.dialog.notRecruiting')
        : open.length === 0
          ? t('projectSearch.dialog.noOpenPosition')
          : null;
  const positions = applicablePositions(open, user.positionIds).map((p) => ({
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
      before={[{ key: 'author', label: t('project.fields.author'), children: project.data.nick }, ...episode]}
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
      title={<span className="koma-prewrap">{title}</span>}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" align="center" wrap>
          {why ? (
            <span id="apply-unavailable" className="koma-project-meta">
              {why}
            </span>
          ) : null}
          <Button ref={closeButton} onClick={close}>
            {t('common.close')}
          </Button>
          <Button
            type="primary"
            disabled={!canApply}
            aria-describedby={why ? 'apply-unavailable' : undefined}
            onClick={() => setApplying(true)}
          >
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
          title={title}
          target={target}
          positions={positions}
          onClose={() => setApplying(false)}
          afterClose={() => window.setTimeout(keepFocus)}
        />
      ) : null}
    </Modal>
  );
}
