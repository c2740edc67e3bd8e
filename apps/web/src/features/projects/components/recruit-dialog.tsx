import {
  CHAPTER_LEVEL_POSITIONS,
  LIMITS,
  POSITIONS,
  PROJECT_LEVEL_POSITIONS,
  referenceName,
} from '@koma/shared/constants';
import type { RecruitDetail } from '@koma/shared/schemas';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../../components/form/day-picker';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { currentLanguage } from '../../../lib/i18n';
import { useChapterList } from '../api/chapter-list';
import { useRecruitAdd } from '../api/recruit-add';
import { useRecruitUpdate } from '../api/recruit-update';
import {
  formValuesOf,
  type RecruitFormValues,
  type RecruitProblem,
  recruitProblems,
  toRecruitBody,
} from '../lib/recruit-form';

interface RecruitDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
  /** A recruitment that has not started: the dialog edits it (its kind and chapter stay). */
  editing?: RecruitDetail | null;
}

const INITIAL: RecruitFormValues = { kind: 1, dates: null, counts: {}, chapterId: null, condition: '' };

/**
 * 募集する (founder): 企画 (project positions) or 案件 (chapter positions and a
 * chapter), a period from yesterday on, headcounts and requirements. Every failing field says why
 * at once, the first in the spec's order focused;
 * server refusals (e.g. a recruitment already running) come as toasts. With `editing`, 募集を編集
 * of a recruitment that has not started: the same form, filled, saved with recruit/update.
 */
export function RecruitDialog({ projectId, open, onClose, editing = null }: RecruitDialogProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<RecruitFormValues>();
  const kind = (Form.useWatch('kind', form) ?? editing?.kind ?? 1) as 1 | 2;
  const chapters = useChapterList(projectId, open && kind === 2);
  const add = useRecruitAdd();
  const update = useRecruitUpdate();
  const save = editing ? update : add;
  const [problems, setProblems] = useState<RecruitProblem[]>([]);
  const errorOf = (field: RecruitProblem['field']) => {
    const problem = problems.find((p) => p.field === field);
    return problem ? t(`validation.${problem.key}`) : undefined;
  };
  /** A form item's error state and message from the last check. */
  const statusOf = (field: RecruitProblem['field']) => {
    const help = errorOf(field);
    return { validateStatus: help ? ('error' as const) : undefined, help };
  };
  const positions = kind === 1 ? PROJECT_LEVEL_POSITIONS : CHAPTER_LEVEL_POSITIONS;

  const dialog = useDiscardOnClose(() => {
    setProblems([]);
    onClose();
  });

  /** The first failing field in the spec's order takes the focus (the positions: their first count). */
  const focusFirst = (field: RecruitProblem['field']) => {
    if (field === 'counts') form.focusField(['counts', String(positions[0])]);
    else form.focusField(field);
  };

  const submit = async () => {
    const all = form.getFieldsValue(true) as RecruitFormValues;
    // Only the headcounts of the chosen level count.
    const counts = Object.fromEntries(positions.map((id) => [String(id), all.counts?.[String(id)] ?? 0]));
    const values: RecruitFormValues = { ...INITIAL, ...all, counts, condition: all.condition ?? '' };
    const found = recruitProblems(values);
    setProblems(found);
    const first = found[0];
    if (first) {
      focusFirst(first.field);
      return;
    }
    try {
      await save.mutateAsync(toRecruitBody(projectId, values));
      dialog.close();
    } catch {
      // The API client has shown the server's message (e.g. 409: a recruitment is running).
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('project.recruit.editTitle') : t('project.recruit.dialogTitle')}
      width={700}
      okText={editing ? t('project.recruit.save') : t('project.recruit.start')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={submit}
      onCancel={dialog.cancel}
      destroyOnHidden
    >
      <Form<RecruitFormValues>
        form={form}
        layout="vertical"
        name="recruit"
        initialValues={editing ? formValuesOf(editing) : INITIAL}
        preserve={false}
        onValuesChange={() => {
          setProblems([]);
          dialog.edited();
        }}
      >
        <Form.Item name="kind" label={t('project.recruit.kind')} required>
          <Radio.Group
            aria-label={t('project.recruit.kind')}
            disabled={editing !== null}
            options={[
              { value: 1, label: t('project.recruit.kinds.1') },
              { value: 2, label: t('project.recruit.kinds.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('project.recruit.period')} required {...statusOf('dates')}>
          <DayRangePicker names={[t('project.recruit.startDate'), t('project.recruit.endDate')]} />
        </Form.Item>
        <fieldset className="koma-fieldset">
          <legend>{t('project.recruit.positions')}</legend>
          {errorOf('counts') ? (
            <div className="ant-form-item-explain-error" role="alert">
              {errorOf('counts')}
            </div>
          ) : null}
          <Row gutter={16}>
            {positions.map((id) => {
              const name = referenceName(POSITIONS, id, lang);
              return (
                <Col xs={12} md={8} key={`${kind}-${id}`}>
                  <Form.Item name={['counts', String(id)]} label={name}>
                    <InputNumber
                      min={0}
                      max={LIMITS.recruitNumMax}
                      precision={0}
                      placeholder="0"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </fieldset>
        {kind === 2 ? (
          <Form.Item
            name="chapterId"
            label={t('project.recruit.chapter')}
            required
            {...statusOf('chapterId')}
          >
            <Select
              allowClear
              disabled={editing !== null}
              loading={chapters.isFetching}
              placeholder={t('project.recruit.chooseChapter')}
              notFoundContent={t('project.recruit.noChapters')}
              options={(chapters.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="condition" label={t('project.recruit.condition')}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            count={{ show: true, max: LIMITS.recruitConditionMax }}
            maxLength={LIMITS.recruitConditionMax}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
