import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Invitee, useSendInvitation } from '../api/send-invitation';
import { PartFields, type PartValues, toPart } from './part-fields';
import { PersonPicker, type PersonValues } from './person-picker';

interface InviteMemberDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

type InviteValues = PersonValues & PartValues;

function inviteeOf(values: InviteValues): Invitee | null {
  if (values.how === 'mail') return values.email ? { email: values.email.trim() } : null;
  return values.userId ? { userId: values.userId } : null;
}

/**
 * メンバーを招待: whom (a friend, someone found, or a mail address), then the part offered
 * (docs/access.md, "Inviting"). The dialog stays open on a refusal: the server's words say why.
 */
export function InviteMemberDialog({ projectId, open, onClose }: InviteMemberDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteValues>();
  const send = useSendInvitation();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const to = inviteeOf(values);
    const part = toPart(values);
    if (!to || !part) return;
    try {
      await send.mutateAsync({ projectId, to, part });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('invitations.dialogTitle')}
      width={560}
      okText={t('invitations.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: send.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="invite-member" preserve={false}>
        <PersonPicker />
        <PartFields projectId={projectId} />
      </Form>
    </Modal>
  );
}
