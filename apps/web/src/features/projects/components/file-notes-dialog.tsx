import { LIMITS } from '@koma/shared/constants';
import { Button, Empty, Flex, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { PostItem } from '../../../components/post-thread/post-item';
import { TextComposer } from '../../../components/text-composer';
import { useAddFileNote } from '../api/add-file-note';
import { type FileRef, useFileNotes } from '../api/file-notes';
import type { ProjectFile } from '../api/files-in-dir';

interface FileNotesDialogProps {
  file: ProjectFile | null;
  fileRef: FileRef | null;
  onClose: () => void;
}

/** The comments on a file (user, time, text) and a field to add one. */
export function FileNotesDialog({ file, fileRef, onClose }: FileNotesDialogProps) {
  const { t } = useTranslation();
  const notes = useFileNotes(fileRef);
  const add = useAddFileNote();
  const list = notes.data?.list ?? [];
  const dialog = useDiscardOnClose(onClose);

  return (
    <Modal
      open={file !== null}
      title={t('project.notes.title', { name: file?.filename ?? '' })}
      width={600}
      onCancel={dialog.cancel}
      footer={<Button onClick={dialog.cancel}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {notes.data ? (
          list.length ? (
            <ul
              className="koma-note-list"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
              tabIndex={0}
              aria-label={t('project.notes.list')}
            >
              {list.map((note) => (
                <PostItem
                  key={note.id}
                  pic={note.user.pic}
                  nickname={note.user.nickname}
                  time={note.create_at}
                  content={note.content}
                />
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.notes.empty')} />
          )
        ) : (
          <Spin description={t('common.loading')}>
            <div style={{ height: 60 }} />
          </Spin>
        )}
        {fileRef ? (
          <TextComposer
            label={t('project.notes.input')}
            sendText={t('project.notes.add')}
            maxLength={LIMITS.fileNoteMax}
            onSend={(content) => add.mutateAsync({ ref: fileRef, content })}
            onDraftChange={(hasText) => (hasText ? dialog.edited() : dialog.sent())}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
