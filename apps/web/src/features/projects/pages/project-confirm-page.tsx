import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/form/use-unsaved-changes-guard';
import { ProjectFacts } from '../../../components/project-facts/project-facts';
import { pictureOf } from '../../../components/upload/shown-pictures';
import { useDealProject } from '../api/deal-project';
import { clearDraft, decodeDraft, FORM_PATH, keptDraft, toDealProjectBody } from '../lib/project-draft';
import '../components/projects.css';

/**
 * /allPage/allPage (確認画面): every value of the project form from the `params` query (or the
 * copy kept in memory). 戻る returns to the form with the values; 確定 saves (dealProject) and
 * goes to the project list; leaving elsewhere asks first.
 */
export default function ProjectConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const save = useDealProject();
  const draft = useMemo(() => decodeDraft(params.get('params')) ?? keptDraft(), [params]);
  const guard = useUnsavedChangesGuard(draft !== null, {
    keeps: (to) => to.pathname === FORM_PATH,
    onDiscard: clearDraft,
    unload: false,
  });

  useEffect(() => {
    if (!draft) navigate(FORM_PATH, { replace: true });
  }, [draft, navigate]);

  if (!draft) return null;

  const formPath = draft.projectId ? `${FORM_PATH}?proId=${draft.projectId}` : FORM_PATH;
  const back = () => navigate(formPath, { state: { draft } });
  const submit = async () => {
    try {
      await save.mutateAsync(toDealProjectBody(draft));
    } catch {
      return; // The API client has shown the server's message.
    }
    clearDraft();
    guard.release();
    navigate('/projectManagement/projectManagement', { replace: true });
  };

  return (
    <>
      <h1 className="koma-page-title">{t('project.confirm.title')}</h1>
      <Typography.Paragraph>{t('project.confirm.lead')}</Typography.Paragraph>
      <Card>
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <img
            className="koma-cover-preview"
            src={pictureOf(draft.icon)}
            alt={t('project.detail.coverAlt', { title: draft.title })}
          />
          <span>{t('project.fields.cover')}</span>
        </Flex>
        <ProjectFacts
          project={draft}
          before={[
            {
              key: 'title',
              label: t('project.fields.title'),
              children: <span className="koma-prewrap">{draft.title}</span>,
            },
          ]}
          after={[
            {
              key: 'proposal',
              label: t('project.fields.proposal'),
              children: draft.proposals ? (
                <span>
                  <PaperClipOutlined aria-hidden="true" /> {draft.proposalfile || draft.proposals}
                </span>
              ) : (
                t('project.confirm.noProposal')
              ),
            },
          ]}
        />
        <Flex justify="flex-end" gap={12} style={{ marginTop: 24 }}>
          <Button size="large" onClick={back} disabled={save.isPending}>
            {t('common.back')}
          </Button>
          <Button type="primary" size="large" onClick={submit} loading={save.isPending}>
            {t('project.confirm.submit')}
          </Button>
        </Flex>
      </Card>
    </>
  );
}
