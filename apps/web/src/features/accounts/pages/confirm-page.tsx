import { Alert, Button, Flex, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PageSpinner } from '../../../components/page-spinner';
import { PublicLayout } from '../../../components/public-layout';
import { errorText } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useRegisterInit } from '../api/register-init';
import { SignUpSummary } from '../components/sign-up-summary';
import { referenceOptions } from '../lib/reference-options';
import { clearDraft, decodeSelectData, getPassword, saveDraft, toRegisterBody } from '../lib/sign-up-draft';

/** /confrimPage: the sign-up values from `selectData`; confirm registers. */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draft = useMemo(() => decodeSelectData(params.get('selectData')), [params]);
  const [password] = useState(getPassword);
  const lists = useRegisterInit();
  const options = useMemo(() => referenceOptions(lists.data), [lists.data]);
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const usable = Boolean(draft && password);

  useEffect(() => {
    if (usable) return;
    // A reload forgets the password (it never goes into the URL): back to the form.
    if (draft) saveDraft(draft, null);
    navigate('/creatUser', { replace: true, state: { passwordLost: Boolean(draft) } });
  }, [usable, draft, navigate]);

  if (!draft || !password) return null;

  const confirm = async () => {
    setFailure(null);
    try {
      const reply = await register.mutateAsync(toRegisterBody(draft, password));
      clearDraft();
      setDone(reply.info || t('auth.confirm.doneBody'));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const toLogin = () => {
    setDone(null);
    navigate('/login', { replace: true });
  };

  return (
    <PublicLayout width={720}>
      <AuthCard title={t('auth.confirm.title')} description={t('auth.confirm.lead')}>
        {failure ? <Alert type="warning" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        {lists.isPending ? <PageSpinner /> : <SignUpSummary draft={draft} options={options} />}
        <Flex justify="flex-end" gap={12} style={{ marginTop: 24 }}>
          <Button size="large" onClick={() => navigate('/creatUser')} disabled={register.isPending}>
            {t('common.back')}
          </Button>
          <Button
            type="primary"
            size="large"
            onClick={confirm}
            loading={register.isPending}
            disabled={!!done}
          >
            {t('auth.confirm.submit')}
          </Button>
        </Flex>
      </AuthCard>
      <Modal
        open={done !== null}
        title={t('auth.confirm.doneTitle')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button type="primary" onClick={toLogin}>
            {t('auth.confirm.toLogin')}
          </Button>
        }
      >
        <p>{done}</p>
      </Modal>
    </PublicLayout>
  );
}
