import { LIMITS, UploadType } from '@koma/shared/constants';
import type { MessageKey } from '@koma/shared/i18n';
import type { ChapterDetails } from '@koma/shared/schemas';
import { Alert, Col, Form, Input, Modal, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayPicker } from '../../../components/form/day-picker';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { ImageUploadField } from '../../../components/upload/image-upload-field';
import { parseDay, wireDay } from '../../../lib/dates';
import { useChapterAdd } from '../api/chapter-add';
import { useChapterUpdate } from '../api/chapter-update';

interface ChapterFormDialogProps {
  open: boolean;
  projectId: number;
  /** add: a new chapter (founder, 案件 menu); edit: the episode info of `chapter`. */
  mode: 'add' | 'edit';
  chapter?: ChapterDetails;
  onClose: () => void;
}

interface ChapterFormValues {
  title: string;
  page: string;
  icon: string;
  scriptAt: Dayjs | null;
  checkAt: Dayjs | null;
}

function initialValues(chapter: ChapterDetails | undefined): ChapterFormValues {
  if (!chapter) return { title: '', page: '', icon: '', scriptAt: null, checkAt: null };
  return {
    title: chapter.title,
    page: String(chapter.page),
    icon: chapter.icon,
    scriptAt: parseDay(chapter.scriptAt),
    checkAt: parseDay(chapter.checkAt),
  };
}

/** The first problem: every field required, the page count digits only. */
function formProblem(v: ChapterFormValues, mode: 'add' | 'edit'): MessageKey | null {
  const title = v.title?.trim() ?? '';
  const page = v.page?.trim() ?? '';
  if (!title || !v.icon || !v.scriptAt || !v.checkAt || (mode === 'add' && !page)) return 'allRequired';
  if (title.length > 60) return 'titleTooLong';
  if (
    mode === 'add' &&
    (!/^\d{1,4}$/.test(page) || Number(page) < 1 || Number(page) > LIMITS.chapterPagesMax)
  )
    return 'pageCountInvalid';
  return null;
}

/**
 * 話を追加 (founder, 案件 menu) and the episode-info edit (chapter screens): title, page count
 * (read-only when editing: pages are added and deleted on the script screen), header image,
 * script and check deadlines from yesterday on. Enter in a text field or Ctrl/⌘+Enter anywhere
 * submits. Server refusals (e.g. 409 once the final audit passed) come as toasts.
 */
export function ChapterFormDialog({ open, projectId, mode, chapter, onClose }: ChapterFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChapterFormValues>();
  const add = useChapterAdd(projectId);
  const update = useChapterUpdate(projectId, chapter?.id ?? 0);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  // Enter and Ctrl+Enter arrive together from a text field: one submission at a time.
  const submitting = useRef(false);
  const pending = add.isPending || update.isPending;
  const editing = mode === 'edit';

  const dialog = useDiscardOnClose(() => {
    setProblem(null);
    onClose();
  });

  const submit = async () => {
    if (submitting.current) return;
    const values = form.getFieldsValue(true) as ChapterFormValues;
    const issue = formProblem(values, mode);
    setProblem(issue);
    if (issue || !values.scriptAt || !values.checkAt) return;
    const body = {
      title: values.title.trim(),
      icon: values.icon,
      scriptAt: wireDay(values.scriptAt),
      checkAt: wireDay(values.checkAt),
    };
    submitting.current = true;
    try {
      if (editing) await update.mutateAsync(body);
      else await add.mutateAsync({ ...body, page: values.page.trim() });
      dialog.close();
    } catch {
      // The API client has shown the server's message.
    } finally {
      submitting.current = false;
    }
  };

  /** Enter in a text field (Ctrl/⌘+Enter is handled once, by the form). */
  const onPressEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('chapterScript.form.editTitle') : t('chapterScript.form.addTitle')}
      width={700}
      okText={editing ? t('chapterScript.form.save') : t('chapterScript.form.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => void submit()}
      onCancel={dialog.cancel}
      destroyOnHidden
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Ctrl/⌘+Enter from any field of the form submits it */}
      <div onKeyDown={onKeyDown}>
        <Form<ChapterFormValues>
          form={form}
          layout="vertical"
          name={editing ? 'chapter-edit' : 'chapter-add'}
          initialValues={initialValues(chapter)}
          preserve={false}
          onValuesChange={() => {
            setProblem(null);
            dialog.edited();
          }}
        >
          <Form.Item name="title" label={t('chapterScript.form.title')} required>
            <Input count={{ show: true, max: 60 }} maxLength={60} autoFocus onPressEnter={onPressEnter} />
          </Form.Item>
          <Form.Item
            name="page"
            label={t('chapterScript.form.page')}
            required={!editing}
            extra={editing ? t('chapterScript.form.pageReadOnly') : t('chapterScript.form.pageHint')}
            normalize={(value: string) => value.replace(/\D/g, '').slice(0, 4)}
          >
            <Input
              inputMode="numeric"
              readOnly={editing}
              variant={editing ? 'filled' : undefined}
              style={{ maxWidth: 160 }}
              onPressEnter={onPressEnter}
            />
          </Form.Item>
          <Form.Item name="icon" label={t('chapterScript.form.icon')} required>
            <ImageUploadField
              uploadType={UploadType.COVER}
              preview="banner"
              label={t('chapterScript.form.icon')}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="scriptAt" label={t('chapterScript.form.scriptAt')} required>
                <DayPicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="checkAt" label={t('chapterScript.form.checkAt')} required>
                <DayPicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <p className="koma-upload-hint" style={{ margin: '0 0 8px' }}>
          {t('chapterScript.form.keyboardHint')}
        </p>
        {problem ? <Alert type="error" showIcon title={t(`validation.${problem}`)} /> : null}
      </div>
    </Modal>
  );
}
