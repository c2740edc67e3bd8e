import { InviteMemberDialog } from './invite-member-dialog';

/**
 * プロジェクトに招待 from a person's profile: the invitation dialog with the person fixed and the
 * project picked among the caller's ongoing ones. Loaded on demand by the profile popup.
 */
export default function InviteToProjectDialog(props: {
  person: { id: number; nickname: string };
  open: boolean;
  onClose: () => void;
}) {
  return <InviteMemberDialog {...props} />;
}
