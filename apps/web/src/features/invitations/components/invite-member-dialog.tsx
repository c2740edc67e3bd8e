import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInvitableProjects } from '../api/invitable-projects';
import { useInviteScope } from '../api/invite-scope';
import { type Invitee, useSendInvitation } from '../api/send-invitation';
import { PartFields, type PartValues, toPart } from './part-fields';
import { PersonPicker, type PersonValues } from './person-picker';

export interface InviteMemberDialogProps {
  /** The project; without one, the caller picks one of the ongoing projects they may invite to. */
  projectId?: number;
  /** The person, fixed (from a profile); without one, the founder picks them. */
  person?: { id: number; nickname: string };
  open: boolean;
  onClose: () => void;
}

type InviteValues = PersonValues & PartValues & { projectId?: number };

function inviteeOf(values: InviteValues, person: InviteMemberDialogProps['person']): Invitee | null {
  if (person) return { userId: person.id };
  if (values.how === 'mail') return values.email ? { email: values.email.trim() } : null;
  return values.userId ? { userId: values.userId } : null;
}

/** 招待するプロジェクト: an ongoing project the caller may invite to (the invitation from a profile). */
function ProjectField() {
  const { t } = useTranslation();
  const projects = useInvitableProjects(true);
  if (projects.data?.length === 0)
    return <Alert type="info" showIcon title={t('invitations.noProjects')} style={{ marginBottom: 16 }} />;
  return (
    <Form.Item
      name="projectId"
      label={t('invitations.project')}
      rules={[{ required: true, message: t('invitations.projectRequired') }]}
    >
      <Select
        loading={projects.isPending}
        placeholder={t('common.none')}
        options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.title }))}
      />
    </Form.Item>
  );
}

/**
 * メンバーを招待 / プロジェクトに招待: whom (a friend, someone found, or a mail address; or the
 * person whose profile it was opened from), the project if not given, then the part offered
 * (docs/access.md, "Inviting"): only those within the caller's scope. The dialog stays open on a
 * refusal (an hourly cap, the editor in charge): the server's words say why.
 */
export function InviteMemberDialog({ projectId, person, open, onClose }: InviteMemberDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteValues>();
  const chosen = Form.useWatch('projectId', form);
  const send = useSendInvitation();
  const project = projectId ?? chosen ?? 0;
  const scope = useInviteScope(project);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const to = inviteeOf(values, person);
    const part = toPart(values);
    if (!to || !part || project === 0) return;
    try {
      await send.mutateAsync({ projectId: project, to, part });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={person ? t('invitations.inviteWho', { name: person.nickname }) : t('invitations.dialogTitle')}
      width={560}
      okText={t('invitations.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: send.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="invite-member"
        preserve={false}
        onValuesChange={(changed: InviteValues) => {
          // Another project has other chapters: the scope is chosen again.
          if ('projectId' in changed) form.setFieldValue('scope', undefined);
        }}
      >
        {projectId === undefined ? <ProjectField /> : null}
        {person ? null : <PersonPicker projectId={project} />}
        <PartFields projectId={project} scope={scope} />
      </Form>
    </Modal>
  );
}
