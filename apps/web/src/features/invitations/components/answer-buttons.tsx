import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../lib/feedback';
import { useAnswerInvitation } from '../api/answer-invitation';

const projectPath = (projectId: number) => `/projectDetails/projectDetails?proId=${projectId}`;

interface AnswerButtonsProps {
  /** The invitation to my account, or a mail link's token. */
  which: { invitationId: number } | { token: string };
  projectTitle: string;
  /** After a no (a yes goes to the project). */
  onDeclined?: () => void;
}

/** 承諾する (then the project opens) and お断りする (asked once more). */
export function AnswerButtons({ which, projectTitle, onDeclined }: AnswerButtonsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const answer = useAnswerInvitation();
  const busy = answer.isPending;

  const reply = async (accept: boolean) => {
    if (
      !accept &&
      !(await confirmDialog(
        t('invitations.mine.declineConfirm', { title: projectTitle }),
        t('invitations.mine.decline'),
        { danger: true },
      ))
    )
      return;
    try {
      const { projectId } = await answer.mutateAsync({ ...which, accept });
      if (accept) navigate(projectPath(projectId));
      else onDeclined?.();
    } catch {
      // The API client has shown the server's words; the list reloads.
    }
  };

  return (
    <Flex gap={8} wrap>
      <Button
        type="primary"
        aria-label={t('invitations.mine.acceptLabel', { title: projectTitle })}
        loading={busy && answer.variables?.accept === true}
        disabled={busy}
        onClick={() => void reply(true)}
      >
        {t('invitations.mine.accept')}
      </Button>
      <Button
        danger
        aria-label={t('invitations.mine.declineLabel', { title: projectTitle })}
        loading={busy && answer.variables?.accept === false}
        disabled={busy}
        onClick={() => void reply(false)}
      >
        {t('invitations.mine.decline')}
      </Button>
    </Flex>
  );
}
