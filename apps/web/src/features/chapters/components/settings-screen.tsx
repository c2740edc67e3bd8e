import { ArrowRightOutlined, SaveOutlined } from '@ant-design/icons';
import { ChapterStatus } from '@koma/shared/constants';
import type { ChapterDetails } from '@koma/shared/schemas';
import { Alert, Button, Card, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/form/use-unsaved-changes-guard';
import { confirmDialog, toastInfo, toastWarning } from '../../../lib/feedback';
import { viewerPath } from '../../viewer';
import type { PageAssignmentData } from '../api/page-assignment';
import { useSavePositionMembers } from '../api/save-position-members';
import { chapterQuery } from '../lib/chapter-params';
import {
  firstProblem,
  noStepsAnywhere,
  type PlanProblem,
  type PositionMembers,
  stepProblem,
  toSaveBody,
} from '../lib/step-plan';
import { usePlanDraft } from '../lib/step-plan-draft';
import { ChapterHeader } from './chapter-header';
import { SettingsBulkPanel } from './settings-bulk-panel';
import { SettingsPageList } from './settings-page-list';
import { SettingsPagePanel } from './settings-page-panel';
import './settings-plan.css';

interface SettingsScreenProps {
  details: ChapterDetails;
  assignment: PageAssignmentData;
  positions: PositionMembers;
}

/** Why the plan is read-only, or null when the viewer edits it. */
type ReadOnlyReason = 'notFounder' | 'notReady' | 'locked' | null;

function readOnlyReason(details: ChapterDetails, assignment: PageAssignmentData): ReadOnlyReason {
  if (!details.viewer.is_founder) return 'notFounder';
  if (details.status !== ChapterStatus.WORKFLOW_SETUP && details.status !== ChapterStatus.IN_PRODUCTION)
    return details.status === ChapterStatus.FINISHED ? 'locked' : 'notReady';
  return assignment.editable ? null : 'locked';
}

/**
 * /chapter/settings (docs/production.md, page work flow): each page's ordered
 * steps, a page at a time from a paged list; the bulk-apply panel while no page has a step; save
 * sends every changed page and opens the work screen. Only the founder edits; the others see the
 * plan with a link to the work screen.
 */
export function SettingsScreen({ details, assignment, positions }: SettingsScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plan = usePlanDraft(assignment);
  const save = useSavePositionMembers();
  const reason = readOnlyReason(details, assignment);
  const editable = reason === null;
  const { draft, changed } = plan;
  const dirty = editable && changed.size > 0;
  const detailsPath = `/chapter/details?${chapterQuery(details.projectId, details.id)}`;

  const [selectedId, setSelectedId] = useState<number | null>(draft[0]?.pageId ?? null);
  const [problem, setProblem] = useState<PlanProblem | null>(null);
  const selectedIndex = Math.max(
    0,
    draft.findIndex((p) => p.pageId === selectedId),
  );
  const selected = draft[selectedIndex] ?? null;

  const incomplete = useMemo(() => {
    const ids = new Set<number>();
    if (!editable) return ids;
    for (const page of draft) {
      if (page.steps.some((s) => stepProblem(s, positions) !== null)) ids.add(page.pageId);
    }
    return ids;
  }, [draft, positions, editable]);

  // Unsaved changes: ask before leaving the screen (not after a successful save).
  const guard = useUnsavedChangesGuard(dirty);

  const select = (pageId: number) => setSelectedId(pageId);

  const submit = async () => {
    if (changed.size === 0) {
      if (noStepsAnywhere(draft)) toastWarning(t('validation.taskRequired'));
      else toastInfo(t('chapterSettings.noChanges'));
      return;
    }
    const found = firstProblem(draft, changed, positions);
    setProblem(found);
    if (found) {
      setSelectedId(found.pageId);
      toastWarning(t(`validation.${found.key}`));
      return;
    }
    const empty = draft.filter((p) => p.steps.length === 0).length;
    if (empty > 0) {
      const sure = await confirmDialog(
        t('chapterSettings.emptyPages.text', { count: empty }),
        t('chapterSettings.emptyPages.ok'),
      );
      if (!sure) return;
    }
    try {
      await save.mutateAsync(toSaveBody(details.projectId, details.id, draft, changed));
      guard.release();
      navigate(detailsPath);
    } catch {
      // The API client has shown the server's message (e.g. '削除禁止！' when a step started meanwhile).
    }
  };

  const lead =
    reason === null
      ? details.status === ChapterStatus.WORKFLOW_SETUP
        ? t('chapterSettings.lead.setup')
        : t('chapterSettings.lead.production')
      : null;

  return (
    <>
      <ChapterHeader
        details={details}
        extra={
          <>
            {dirty ? (
              <span className="koma-settings-muted" style={{ alignSelf: 'center' }}>
                {t('chapterSettings.changedCount', { count: changed.size })}
              </span>
            ) : null}
            {details.status !== ChapterStatus.WORKFLOW_SETUP || reason !== null ? (
              <Link to={detailsPath} style={{ alignSelf: 'center' }}>
                {t('chapterSettings.toWork')} <ArrowRightOutlined aria-hidden="true" />
              </Link>
            ) : null}
            {editable ? (
              <Button
                type="primary"
                icon={<SaveOutlined aria-hidden="true" />}
                loading={save.isPending}
                onClick={() => void submit()}
              >
                {details.status === ChapterStatus.WORKFLOW_SETUP
                  ? t('chapterSettings.saveAndStart')
                  : t('chapterSettings.save')}
              </Button>
            ) : null}
          </>
        }
      />
      {lead ? <p className="koma-settings-muted">{lead}</p> : null}
      {reason ? (
        <Alert
          type={reason === 'notFounder' ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`chapterSettings.readOnly.${reason}`)}
          action={<Link to={detailsPath}>{t('chapterSettings.toWork')}</Link>}
        />
      ) : null}
      {plan.dropped.length ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: plan.clearDropped, 'aria-label': t('common.close') }}
          style={{ marginBottom: 16 }}
          title={t('chapterSettings.dropped', { pages: plan.dropped.join(t('common.listSeparator')) })}
        />
      ) : null}
      {editable && positions.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('chapterSettings.noPositions')}
        />
      ) : null}
      {editable && draft.length > 0 && noStepsAnywhere(plan.base) ? (
        <SettingsBulkPanel
          pageCount={draft.length}
          positions={positions}
          replaces={!noStepsAnywhere(draft)}
          onApply={(template) => {
            plan.applyTemplate(template);
            setProblem(null);
          }}
        />
      ) : null}
      <Card>
        {selected ? (
          <div className="koma-settings-layout">
            <SettingsPageList
              pages={draft}
              selectedId={selected.pageId}
              onSelect={select}
              changed={changed}
              incomplete={incomplete}
              editable={editable}
            />
            <SettingsPagePanel
              page={selected}
              viewerHref={viewerPath(details.projectId, details.id, { page: selected.num })}
              positions={positions}
              editable={editable}
              changed={changed.has(selected.pageId)}
              problem={problem?.pageId === selected.pageId ? problem : null}
              onChange={(steps) => {
                plan.setSteps(selected.pageId, steps);
                if (problem?.pageId === selected.pageId) setProblem(null);
              }}
              onReset={() => {
                plan.resetPage(selected.pageId);
                if (problem?.pageId === selected.pageId) setProblem(null);
              }}
              onPrev={
                selectedIndex > 0 ? () => select(draft[selectedIndex - 1]?.pageId ?? selected.pageId) : null
              }
              onNext={
                selectedIndex < draft.length - 1
                  ? () => select(draft[selectedIndex + 1]?.pageId ?? selected.pageId)
                  : null
              }
            />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chapterSettings.noPages')} />
        )}
      </Card>
    </>
  );
}
