import type { PreflightData } from '@koma/shared/schemas';
import { Alert, Button, Card, Flex, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptErrors, useChapterSpec, useSaveSpec } from '../api/print-specs';
import { Consents } from './consents';
import { DeliveryPanel } from './delivery-panel';
import { FindingList } from './finding-list';
import { SpecForm } from './spec-form';
import { SpecSummary } from './spec-summary';
import './print.css';

interface PreflightPanelProps {
  projectId: number;
  chapterId: number;
  preflight: PreflightData | undefined;
  /** The founder and the editorial side set the chapter's spec and download the delivery (docs/access.md). */
  mayEditSpec: boolean;
  /** The editorial desk (editor in charge, 副担当, 編集長) may accept (了承) the errors for the final audit. */
  isEditor: boolean;
  /** 校了: the founder and the editorial side may download the delivery. */
  finished: boolean;
}

/**
 * The chapter's preflight (入稿チェック) as a list, for the final audit: the spec in force, the
 * chapter's own findings, then each page's. The founder and the editorial side may give the
 * chapter its own spec.
 */
export function PreflightPanel({
  projectId,
  chapterId,
  preflight,
  mayEditSpec,
  isEditor,
  finished,
}: PreflightPanelProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const chapterSpec = useChapterSpec(projectId, chapterId);
  const save = useSaveSpec(projectId, chapterId);
  const accept = useAcceptErrors(projectId, chapterId);
  if (!preflight) return null;
  const { spec } = preflight;
  const pages = preflight.pages.filter((p) => p.findings.length > 0);
  const own = chapterSpec.data?.own ?? null;
  return (
    <Card size="small">
      <section aria-labelledby="chapter-preflight-heading">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <h2 id="chapter-preflight-heading" className="koma-card-heading">
            {t('preflight.title')}
          </h2>
          {mayEditSpec ? (
            <Button size="small" onClick={() => setEditing(true)}>
              {t('preflight.chapterSpec')}
            </Button>
          ) : null}
        </Flex>
        {spec ? (
          <>
            <p className="koma-work-muted">
              {t(own ? 'preflight.ownSpec' : 'preflight.projectSpec')} <SpecSummary spec={spec} />
            </p>
            <Alert
              type={preflight.errors > 0 ? 'error' : preflight.warnings > 0 ? 'warning' : 'success'}
              showIcon
              title={
                preflight.errors + preflight.warnings === 0
                  ? t('preflight.allClear')
                  : t('preflight.counts', { errors: preflight.errors, warnings: preflight.warnings })
              }
            />
            <Consents preflight={preflight} />
            {isEditor && preflight.errors > 0 && !preflight.consents.errors ? (
              <Popconfirm title={t('preflight.acceptConfirm')} onConfirm={() => accept.mutate()}>
                <Button size="small" danger loading={accept.isPending} style={{ marginTop: 8 }}>
                  {t('preflight.acceptErrors')}
                </Button>
              </Popconfirm>
            ) : null}
            {preflight.chapter.length > 0 ? (
              <div className="koma-preflight-block">
                <h3>{t('preflight.chapterFindings')}</h3>
                <FindingList findings={preflight.chapter} />
              </div>
            ) : null}
            {pages.length > 0 ? (
              // Folded: a long chapter's list would push the page list off the screen.
              <details className="koma-preflight-block" open={pages.length <= 3}>
                <summary>{t('preflight.pagesWithFindings', { count: pages.length })}</summary>
                {pages.map((page) => (
                  <div key={page.pageId} className="koma-preflight-block">
                    <h3>{t('preflight.pageTitle', { num: page.num })}</h3>
                    <FindingList findings={page.findings} />
                  </div>
                ))}
              </details>
            ) : null}
            {finished && mayEditSpec ? (
              <DeliveryPanel projectId={projectId} chapterId={chapterId} spec={spec} />
            ) : null}
          </>
        ) : (
          <p className="koma-work-muted">{t('preflight.noSpecChapter')}</p>
        )}
      </section>
      <Modal
        open={editing}
        onCancel={() => setEditing(false)}
        footer={null}
        title={t('preflight.chapterSpec')}
        destroyOnHidden
      >
        <p className="koma-work-muted">{t('preflight.chapterSpecLead')}</p>
        <SpecForm
          spec={own}
          saving={save.isPending}
          onSave={(next) => save.mutate(next, { onSuccess: () => setEditing(false) })}
          onClear={() => save.mutate(null, { onSuccess: () => setEditing(false) })}
        />
      </Modal>
    </Card>
  );
}
