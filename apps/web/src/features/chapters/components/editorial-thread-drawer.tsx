import { LockOutlined } from '@ant-design/icons';
import { LIMITS } from '@koma/shared/constants';
import { Alert, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { PostThread } from '../../../components/post-thread/post-thread';
import { useEditorialThreadAdd } from '../api/editorial-thread-add';
import { useEditorialThread } from '../api/editorial-thread-list';
import './editorial-thread.css';

interface EditorialThreadDrawerProps {
  projectId: number;
  chapterId: number;
  chapterTitle: string;
  open: boolean;
  onClose: () => void;
}

const WORDS = ['posts', 'older', 'empty', 'failed', 'retry', 'message', 'send', 'hint'] as const;

/**
 * 編集部とのスレッド: the chapter's private thread between the founder and the editorial side
 * (docs/notices.md, "The editorial thread"). It says first who can read it; the live
 * `editorial-thread` event reloads it (app/layout/use-live-events.ts).
 */
export function EditorialThreadDrawer({
  projectId,
  chapterId,
  chapterTitle,
  open,
  onClose,
}: EditorialThreadDrawerProps) {
  const { t } = useTranslation();
  const thread = useEditorialThread(projectId, chapterId, open);
  const add = useEditorialThreadAdd(projectId, chapterId);
  const drawer = useDiscardOnClose(onClose);
  const words = Object.fromEntries(WORDS.map((w) => [w, t(`chapterScript.editorialThread.${w}`)]));

  return (
    <Drawer
      open={open}
      onClose={drawer.cancel}
      title={t('chapterScript.editorialThread.title', { chapter: chapterTitle })}
      size={480}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, paddingBottom: 16 } }}
    >
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined aria-hidden="true" />}
        title={t('chapterScript.editorialThread.audience')}
      />
      <PostThread
        query={thread}
        words={words as Record<(typeof WORDS)[number], string>}
        maxLength={LIMITS.editorialThreadPostMax}
        onSend={(content) => add.mutateAsync(content)}
        onDraftChange={(hasText) => (hasText ? drawer.edited() : drawer.sent())}
      />
    </Drawer>
  );
}
