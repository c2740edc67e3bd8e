import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import type { DraftPage } from '@koma/shared/schemas';
import { Button, Flex, Progress } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_FILE_ACCEPT } from '../../../components/upload/check-file';
import { call, errorText } from '../../../lib/api-client';
import { planBatch } from '../lib/storyboard-batch';

interface ScriptBatchUploadProps {
  projectId: number;
  chapterId: number;
  pages: readonly DraftPage[];
  disabled?: boolean;
  upload: (pageId: number, file: File, onProgress: (percent: number) => void) => Promise<unknown>;
}

/** One chosen file on its way: waiting, sending (percent), done, or refused with the reason. */
interface Row {
  name: string;
  percent: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  problem?: string;
}

/**
 * Several storyboard pages at once (issue 30): files or a whole folder, in name order into the
 * empty pages and then new ones (lib/storyboard-batch.ts), one after another so that pages keep
 * their order; each file shows its progress, and a refused one why, while the rest go on.
 */
export function ScriptBatchUpload({ projectId, chapterId, pages, disabled, upload }: ScriptBatchUploadProps) {
  const { t } = useTranslation();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const running = rows.some((r) => r.state === 'waiting' || r.state === 'sending');

  const setRow = (index: number, row: Partial<Row>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...row } : r)));

  const run = async (chosen: File[]) => {
    const { items, refused } = planBatch(chosen, pages);
    const refusedRows: Row[] = refused.map((f) => ({
      name: f.name,
      percent: 0,
      state: 'failed',
      problem: t('validation.pageFileType'),
    }));
    setRows([
      ...items.map((i): Row => ({ name: i.file.name, percent: 0, state: 'waiting' })),
      ...refusedRows,
    ]);
    for (const [index, item] of items.entries()) {
      setRow(index, { state: 'sending' });
      try {
        const pageId = item.pageId ?? (await call('pages', 'add', { projectId, chapterId })).pageId;
        await upload(pageId, item.file, (percent) => setRow(index, { percent }));
        setRow(index, { state: 'done', percent: 100 });
      } catch (error) {
        setRow(index, { state: 'failed', problem: errorText(error) });
      }
    }
  };

  const chosen = (input: HTMLInputElement | null) => {
    const files = [...(input?.files ?? [])];
    if (input) input.value = '';
    if (files.length) void run(files);
  };

  return (
    <Flex vertical gap={8} className="koma-script-batch">
      <Flex gap={8} wrap>
        <Button
          icon={<UploadOutlined aria-hidden="true" />}
          onClick={() => filesInput.current?.click()}
          disabled={disabled || running}
          loading={running}
        >
          {t('chapterScript.batch.files')}
        </Button>
        <Button
          icon={<FolderOpenOutlined aria-hidden="true" />}
          onClick={() => folderInput.current?.click()}
          disabled={disabled || running}
        >
          {t('chapterScript.batch.folder')}
        </Button>
        <input
          ref={filesInput}
          type="file"
          multiple
          accept={PAGE_FILE_ACCEPT}
          hidden
          aria-label={t('chapterScript.batch.filesLabel')}
          onChange={(e) => chosen(e.currentTarget)}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label={t('chapterScript.batch.folderLabel')}
          // A folder: every file in it (React knows no webkitdirectory prop).
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => chosen(e.currentTarget)}
        />
      </Flex>
      <span className="koma-script-hint">{t('chapterScript.batch.hint')}</span>
      {rows.length ? (
        <ul className="koma-script-batch-list" aria-label={t('chapterScript.batch.listLabel')}>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name (two folders)
            <li key={i} className="koma-script-batch-row">
              <span className="koma-script-batch-name">{row.name}</span>
              {row.state === 'failed' ? (
                <span role="alert" className="koma-script-batch-problem">
                  {t('chapterScript.batch.failed', { problem: row.problem ?? '' })}
                </span>
              ) : row.state === 'done' ? (
                <span className="koma-script-batch-done">{t('chapterScript.batch.done')}</span>
              ) : (
                <Progress
                  percent={Math.round(row.percent)}
                  size="small"
                  aria-label={t('chapterScript.batch.progressWho', { name: row.name })}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
