import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectSpec, useSaveSpec } from '../api/print-specs';
import { SpecForm } from './spec-form';
import { SpecSummary } from './spec-summary';

/**
 * The project's print specification: the founder and the editorial side (editor in charge, 副担当,
 * 編集長) set it, members read it (docs/print.md, docs/access.md "Editorial seats").
 */
export function ProjectSpecPanel({ projectId, mayEdit }: { projectId: number; mayEdit: boolean }) {
  const { t } = useTranslation();
  const query = useProjectSpec(projectId);
  const save = useSaveSpec(projectId);
  if (!query.data) return <Skeleton active />;
  const { spec } = query.data;
  return (
    <section aria-label={t('preflight.specTitle')}>
      <p className="koma-work-muted">{t('preflight.specLead')}</p>
      {spec ? (
        <p>
          <strong>{t('preflight.current')}</strong> <SpecSummary spec={spec} />
        </p>
      ) : (
        <Alert type="info" showIcon title={t('preflight.noSpec')} style={{ marginBottom: 12 }} />
      )}
      {mayEdit ? (
        <SpecForm
          spec={spec}
          saving={save.isPending}
          onSave={(next) => save.mutate(next)}
          onClear={() => save.mutate(null)}
        />
      ) : null}
    </section>
  );
}
