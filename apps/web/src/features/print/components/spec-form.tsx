import {
  PRINT_COLOURS,
  PRINT_LIMITS,
  PRINT_PRESET_FIGURES,
  PRINT_PRESETS,
  type PrintSpec,
} from '@koma/shared';
import type { ApiInput } from '@koma/shared/contract';
import { Button, Flex, Form, InputNumber, Popconfirm, Select } from 'antd';
import { useTranslation } from 'react-i18next';

type SpecInput = NonNullable<ApiInput<'print', 'saveProjectSpec'>['spec']>;

interface SpecFormProps {
  spec: PrintSpec | null;
  saving: boolean;
  onSave: (spec: SpecInput) => void;
  onClear: () => void;
}

const MM_FIELDS = ['trimWidthMm', 'trimHeightMm', 'bleedMm', 'frameWidthMm', 'frameHeightMm'] as const;

/**
 * The founder's form: a preset (its figures from packages/shared), its colour and resolution; for
 * カスタム every figure. The server checks them again and answers which one is wrong.
 */
export function SpecForm({ spec, saving, onSave, onClear }: SpecFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SpecInput>();
  const preset = Form.useWatch('preset', form) ?? spec?.preset;
  const start = spec ?? { ...PRINT_PRESET_FIGURES.tankobonB6, preset: 'tankobonB6' as const };
  const choosePreset = (next: SpecInput['preset']) => {
    if (next === 'custom') return;
    const figures = PRINT_PRESET_FIGURES[next];
    form.setFieldsValue({ colour: figures.colour, dpi: figures.dpi });
  };
  return (
    <Form<SpecInput>
      form={form}
      layout="vertical"
      initialValues={start}
      onFinish={(values) => onSave(values)}
      className="koma-print-spec-form"
    >
      <Flex wrap gap={12}>
        <Form.Item name="preset" label={t('preflight.form.preset')} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 180 }}
            onChange={choosePreset}
            options={PRINT_PRESETS.map((p) => ({ value: p, label: t(`preflight.presets.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="colour" label={t('preflight.form.colour')} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 160 }}
            options={PRINT_COLOURS.map((c) => ({ value: c, label: t(`preflight.colours.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="dpi" label={t('preflight.form.dpi')} rules={[{ required: true }]}>
          <InputNumber min={PRINT_LIMITS.dpiMin} max={PRINT_LIMITS.dpiMax} addonAfter="dpi" />
        </Form.Item>
        {preset === 'webtoon' ? (
          <Form.Item name="widthPx" label={t('preflight.form.widthPx')}>
            <InputNumber
              min={PRINT_LIMITS.webtoonWidthMinPx}
              max={PRINT_LIMITS.webtoonWidthMaxPx}
              addonAfter="px"
            />
          </Form.Item>
        ) : null}
        {preset === 'custom'
          ? MM_FIELDS.map((name) => (
              <Form.Item key={name} name={name} label={t(`preflight.form.${name}`)}>
                <InputNumber min={0} max={PRINT_LIMITS.trimMaxMm} addonAfter="mm" />
              </Form.Item>
            ))
          : null}
        {preset === 'custom' ? (
          <Form.Item name="pageMultiple" label={t('preflight.form.pageMultiple')}>
            <Select
              style={{ minWidth: 100 }}
              options={PRINT_LIMITS.pageMultiples.map((n) => ({ value: n, label: n }))}
            />
          </Form.Item>
        ) : null}
      </Flex>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('preflight.form.save')}
        </Button>
        {spec ? (
          <Popconfirm title={t('preflight.form.clearConfirm')} onConfirm={onClear}>
            <Button disabled={saving}>{t('preflight.form.clear')}</Button>
          </Popconfirm>
        ) : null}
      </Flex>
    </Form>
  );
}
