import { LIMITS } from '@koma/shared/constants';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveBuffer } from '../api/schedule-save-buffer';

interface BufferFormProps {
  projectId: number;
  chapterId: number;
  bufferDays: number;
}

/** The founder's buffer before the check deadline, 0–30 days; saving plans the due days again. */
export function BufferForm({ projectId, chapterId, bufferDays }: BufferFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(bufferDays);
  const save = useSaveBuffer(projectId, chapterId);
  const valid = value !== null && Number.isInteger(value) && value >= 0 && value <= LIMITS.dueBufferDaysMax;

  return (
    <form
      className="koma-buffer-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate(value);
      }}
    >
      <label htmlFor="schedule-buffer-days" className="koma-buffer-label">
        {t('schedule.bufferLabel')}
      </label>
      <Flex gap={8} align="center" wrap>
        <InputNumber
          id="schedule-buffer-days"
          min={0}
          max={LIMITS.dueBufferDaysMax}
          precision={0}
          value={value}
          onChange={(next) => setValue(next)}
          suffix={t('schedule.dayUnit')}
          style={{ width: 120 }}
          aria-describedby="schedule-buffer-hint"
        />
        <Button htmlType="submit" type="primary" loading={save.isPending} disabled={!valid}>
          {t('schedule.bufferSave')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" id="schedule-buffer-hint" className="koma-buffer-hint">
        {t('schedule.bufferHint')}
      </Typography.Text>
    </form>
  );
}
