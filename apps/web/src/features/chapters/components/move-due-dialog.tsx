import type { ScheduleStep } from '@koma/shared/schemas';
import { DatePicker, Form, type GetRef, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, DAY_INPUT_FORMATS, parseDay, wireDay } from '../../../lib/dates';
import { useMoveDue } from '../api/schedule-move-due';

export interface MoveTarget {
  pageNum: number;
  step: ScheduleStep;
}

interface MoveDueDialogProps {
  projectId: number;
  chapterId: number;
  target: MoveTarget | null;
  onClose: () => void;
}

/**
 * The founder moves one step's due day (docs/schedule.md): a date picker that takes a typed day
 * as well as a click, so the keyboard alone can do it; a later save of the flow keeps the day.
 */
export function MoveDueDialog({ projectId, chapterId, target, onClose }: MoveDueDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ dueOn: Dayjs | null }>();
  const move = useMoveDue(projectId, chapterId);
  const picker = useRef<GetRef<typeof DatePicker>>(null);
  const what = target ? { num: target.pageNum, position: target.step.position } : { num: 0, position: '' };

  useEffect(() => {
    if (target) form.setFieldsValue({ dueOn: parseDay(target.step.due_on) });
  }, [target, form]);

  const submit = async ({ dueOn }: { dueOn: Dayjs | null }) => {
    if (!target || !dueOn) return;
    try {
      await move.mutateAsync({ stepId: target.step.step_id, dueOn: wireDay(dueOn) });
      onClose();
    } catch {
      // The call's toast has said why; the dialog stays for another try.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('schedule.moveTitle', what)}
      okText={t('schedule.moveSave')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={move.isPending}
      destroyOnHidden
      forceRender
      // The day is what the dialog asks for: the caret waits in it (the Modal focuses itself first).
      afterOpenChange={(opened) => {
        if (opened) picker.current?.focus();
      }}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="dueOn"
          label={t('schedule.newDue')}
          rules={[{ required: true, message: t('schedule.dueRequired') }]}
        >
          <DatePicker
            ref={picker}
            format={DAY_INPUT_FORMATS}
            placeholder={DAY_FORMAT}
            style={{ width: 200 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
