import { Alert, Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSearchParams, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/form/use-unsaved-changes-guard';
import { PageSpinner } from '../../../components/page-spinner';
import { rememberPicture } from '../../../components/upload/shown-pictures';
import { errorText } from '../../../lib/api-client';
import { idParam } from '../../../lib/id-param';
import { useProjectDetail } from '../api/project-detail';
import { ProjectForm } from '../components/project-form';
import {
  CONFIRM_PATH,
  clearDraft,
  decodeDraft,
  draftFromDetail,
  EMPTY_DRAFT,
  encodeDraft,
  keepDraft,
  type ProjectDraft,
} from '../lib/project-draft';
import '../components/projects.css';

/**
 * /projectManagement/createProject (optional ?proId: edit mode, prefilled from projectDetail, or
 * with the values brought back from the confirmation screen in history state). Leaving with
 * changes not yet saved asks first.
 */
export default function CreateProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const proId = idParam(params.get('proId'));
  const returned = useMemo(() => {
    const draft = decodeDraft((location.state as { draft?: unknown } | null)?.draft);
    return draft && draft.projectId === proId ? draft : null;
  }, [location.state, proId]);
  const [edited, setEdited] = useState(false);
  useUnsavedChangesGuard(edited || returned !== null, {
    keeps: (to) => to.pathname === CONFIRM_PATH,
    onDiscard: clearDraft,
  });
  const stored = useProjectDetail(returned === null ? proId : null);
  // Before the form's first render (an idempotent note): the stored cover is shown from its
  // rendition, here and on the confirmation, never downloaded.
  const made = stored.data?.renditions;
  if (stored.data) rememberPicture(stored.data.icon, made?.preview || made?.thumb);
  const initial: ProjectDraft | null =
    returned ?? (proId === null ? EMPTY_DRAFT : stored.data ? draftFromDetail(stored.data) : null);

  const confirm = (draft: ProjectDraft) => {
    keepDraft(draft);
    navigate({
      pathname: CONFIRM_PATH,
      search: `?${createSearchParams({ params: encodeDraft(draft) })}`,
    });
  };

  return (
    <>
      <h1 className="koma-page-title">
        {proId ? t('project.form.editTitle') : t('project.form.createTitle')}
      </h1>
      <Typography.Paragraph>{t('project.form.lead')}</Typography.Paragraph>
      {initial ? (
        <ProjectForm
          key={returned ? 'returned' : 'stored'}
          initial={initial}
          onBack={() => navigate('/projectManagement/projectManagement')}
          onConfirm={confirm}
          onEdit={() => setEdited(true)}
        />
      ) : stored.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('project.form.notFound')}
          description={errorText(stored.error)}
          action={<Button onClick={() => void stored.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
