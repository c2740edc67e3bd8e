import { Alert, Form } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { PublicLayout } from '../../../components/public-layout';
import { errorText } from '../../../lib/api-client';
import { useInvitationAddress } from '../api/invitation-address';
import { useRegisterInit } from '../api/register-init';
import { AttributeDialog } from '../components/attribute-dialog';
import { AttributeSummary } from '../components/attribute-summary';
import { InvitedSignUp } from '../components/invited-sign-up';
import { LegalDialog } from '../components/legal-dialog';
import type { LegalKind } from '../components/legal-text';
import { SignUpForm, type SignUpValues } from '../components/sign-up-form';
import {
  type AttributeSelection,
  emptySelection,
  isCreator,
  isSelectionComplete,
  type LoginAttrValue,
} from '../lib/attributes';
import { referenceOptions } from '../lib/reference-options';
import { encodeSelectData, getDraft, getPassword, type SignUpDraft, saveDraft } from '../lib/sign-up-draft';

/**
 * /creatUser: the sign-up form. Opened from a mail invitation still waiting (`?invitation=`), the
 * shortest form instead (docs/accounts.md, "Signing up from an invitation"); from any other
 * invitation link, the usual one.
 */
export default function CreateUserPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const invited = useInvitationAddress(token);
  if (token && invited.isPending)
    return (
      <PublicLayout width={520}>
        <AuthCard title={t('auth.signUp.invitedTitle')}>
          <LoadingSkeleton rows={4} />
        </AuthCard>
      </PublicLayout>
    );
  if (token && invited.data) return <InvitedSignUp token={token} email={invited.data} />;
  return <FullSignUp />;
}

/** The full sign-up: back from the confirmation refills it. */
function FullSignUp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const passwordLost = (location.state as { passwordLost?: boolean } | null)?.passwordLost === true;
  const lists = useRegisterInit();
  const options = useMemo(() => referenceOptions(lists.data), [lists.data]);
  const [form] = Form.useForm<SignUpValues>();

  const [restored] = useState(() => {
    const draft = getDraft();
    const password = getPassword() ?? '';
    if (!draft) return null;
    const values: Partial<SignUpValues> = {
      nickname: draft.nickname,
      email: draft.email,
      emailConfirm: draft.email,
      password,
      passwordConfirm: password,
      type: draft.type,
      loginAttr: draft.loginAttr,
      agreement: true,
    };
    const selection: AttributeSelection = {
      medias: draft.medias,
      typebigs: draft.typebigs,
      positions: draft.positions ?? [],
      method: draft.method ?? [],
    };
    return { values, selection, attr: draft.loginAttr };
  });

  const [attr, setAttr] = useState<LoginAttrValue | undefined>(restored?.attr);
  const [selection, setSelection] = useState<AttributeSelection>(restored?.selection ?? emptySelection);
  const [dialogAttr, setDialogAttr] = useState<LoginAttrValue | null>(null);
  const [legal, setLegal] = useState<LegalKind | null>(null);
  // The loginAttr rule reads the latest choice, also right after the dialog closes.
  const latest = useRef({ attr, selection });
  latest.current = { attr, selection };

  const closeDialog = (confirmed: AttributeSelection | null) => {
    if (dialogAttr === null) return;
    if (confirmed) {
      latest.current = { attr: dialogAttr, selection: confirmed };
      setAttr(dialogAttr);
      setSelection(confirmed);
      form.setFieldValue('loginAttr', dialogAttr);
    } else {
      // Cancelled: the radio goes back to the attribute confirmed before.
      form.setFieldValue('loginAttr', attr);
    }
    setDialogAttr(null);
    if (confirmed || attr) void form.validateFields(['loginAttr']).catch(() => undefined);
  };

  const onSubmit = (values: SignUpValues) => {
    if (!values.loginAttr) return;
    const creator = isCreator(values.loginAttr);
    const draft: SignUpDraft = {
      nickname: values.nickname.trim(),
      email: values.email.trim(),
      type: values.type,
      loginAttr: values.loginAttr,
      medias: selection.medias,
      typebigs: selection.typebigs,
      positions: creator ? selection.positions : null,
      method: creator ? selection.method : null,
    };
    saveDraft(draft, values.password);
    navigate(`/confrimPage?selectData=${encodeURIComponent(encodeSelectData(draft))}`);
  };

  return (
    <PublicLayout width={720}>
      <AuthCard title={t('auth.signUp.title')} description={t('auth.signUp.lead')}>
        {passwordLost ? (
          <Alert type="info" showIcon title={t('auth.signUp.passwordLost')} style={{ marginBottom: 16 }} />
        ) : null}
        <SignUpForm
          form={form}
          initialValues={restored?.values ?? { type: [], agreement: false }}
          attributeProblem={() =>
            isSelectionComplete(latest.current.attr, latest.current.selection)
              ? null
              : t('validation.attributeIncomplete')
          }
          onAttrChange={(value) => setDialogAttr(value)}
          onOpenLegal={setLegal}
          onSubmit={onSubmit}
          summary={
            attr && isSelectionComplete(attr, selection) ? (
              <AttributeSummary
                loginAttr={attr}
                selection={selection}
                options={options}
                onEdit={() => setDialogAttr(attr)}
              />
            ) : null
          }
        />
      </AuthCard>
      {dialogAttr !== null ? (
        <AttributeDialog
          open
          loginAttr={dialogAttr}
          initial={selection}
          options={options}
          loading={lists.isPending}
          loadError={lists.isError ? errorText(lists.error) : null}
          onRetry={() => void lists.refetch()}
          onConfirm={(confirmed) => closeDialog(confirmed)}
          onCancel={() => closeDialog(null)}
        />
      ) : null}
      <LegalDialog kind={legal} onClose={() => setLegal(null)} />
    </PublicLayout>
  );
}
