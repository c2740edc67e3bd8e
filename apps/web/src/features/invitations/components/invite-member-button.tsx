import { UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '../../../components/opened-once';
import { InviteMemberDialog } from './invite-member-dialog';

/** メンバーを招待 (the founder's): opens the invitation dialog. */
export function InviteMemberButton({
  projectId,
  disabled = false,
}: {
  projectId: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UserAddOutlined aria-hidden="true" />} onClick={() => setOpen(true)} disabled={disabled}>
        {t('invitations.invite')}
      </Button>
      <OpenedOnce open={open}>
        <InviteMemberDialog projectId={projectId} open={open} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}
