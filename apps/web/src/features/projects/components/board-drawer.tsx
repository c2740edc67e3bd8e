import { LIMITS } from '@koma/shared/constants';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { PostThread } from '../../../components/post-thread/post-thread';
import { useBoardAdd } from '../api/board-add';
import { useBoardPosts } from '../api/board-list';

interface BoardDrawerProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

const WORDS = ['posts', 'older', 'empty', 'failed', 'retry', 'message', 'send', 'hint'] as const;

/**
 * 伝言板: the project's posts, newest at the bottom. Live: the `board` event reloads the list
 * (app/layout/use-live-events.ts).
 */
export function BoardDrawer({ projectId, open, onClose }: BoardDrawerProps) {
  const { t } = useTranslation();
  const board = useBoardPosts(projectId, open);
  const add = useBoardAdd(projectId);
  const drawer = useDiscardOnClose(onClose);
  const words = Object.fromEntries(WORDS.map((w) => [w, t(`project.board.${w}`)]));

  return (
    <Drawer
      open={open}
      onClose={drawer.cancel}
      title={t('project.board.title')}
      size={480}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, paddingBottom: 16 } }}
    >
      <PostThread
        query={board}
        words={words as Record<(typeof WORDS)[number], string>}
        maxLength={LIMITS.boardPostMax}
        onSend={(content) => add.mutateAsync(content)}
        onDraftChange={(hasText) => (hasText ? drawer.edited() : drawer.sent())}
      />
    </Drawer>
  );
}
