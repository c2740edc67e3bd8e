import {
  BINDINGS,
  DELIVERY_SIZES,
  DRAWN_PAPERS,
  PRESET_DRAWN_PAPER,
  PRINT_COLOURS,
  PRINT_LIMITS,
  PRINT_PRESET_FIGURES,
  PRINT_PRESETS,
  type PrintColour,
  type PrintSpec,
  START_DPI,
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
/** The bleeds printers ask (docs/print.md, "Presets"): a custom spec types its own. */
const BLEEDS = [3, 5];

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
    form.setFieldsValue({
      colour: figures.colour,
      dpi: figures.dpi,
      bleedMm: figures.bleedMm,
      binding: figures.binding,
      drawnPaper: PRESET_DRAWN_PAPER[next],
      reductionPct: undefined,
    });
  };
  // Line art and gray start at 600 dpi, colour at 350 (docs/print.md, "Presets").
  const chooseColour = (colour: PrintColour) => {
    if (preset !== 'webtoon') form.setFieldsValue({ dpi: START_DPI[colour] });
  };
  const initialValues = spec
    ? { ...spec, reductionPct: spec.drawnPaper === 'custom' ? spec.reductionPct : undefined }
    : start;
  return (
    <Form<SpecInput>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => onSave(withoutEmpty(values))}
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
            onChange={chooseColour}
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
        {preset !== 'webtoon' && preset !== 'custom' ? (
          <Form.Item name="bleedMm" label={t('preflight.form.bleedMm')}>
            <Select
              style={{ minWidth: 100 }}
              options={BLEEDS.map((mm) => ({ value: mm, label: `${mm} mm` }))}
            />
          </Form.Item>
        ) : null}
        {preset !== 'webtoon' ? (
          <Form.Item name="binding" label={t('preflight.form.binding')}>
            <Select
              style={{ minWidth: 140 }}
              options={BINDINGS.filter((b) => b !== 'none').map((b) => ({
                value: b,
                label: t(`preflight.bindings.${b}`),
              }))}
            />
          </Form.Item>
        ) : null}
        {preset === 'custom' ? (
          <Form.Item name="pageMultiple" label={t('preflight.form.pageMultiple')}>
            <Select
              style={{ minWidth: 100 }}
              options={PRINT_LIMITS.pageMultiples.map((n) => ({ value: n, label: n }))}
            />
          </Form.Item>
        ) : null}
      </Flex>
      {preset !== 'webtoon' ? <DrawnFields form={form} /> : null}
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

/** A number field left empty is null in antd; the contract takes a figure or none at all. */
const withoutEmpty = (values: SpecInput) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as SpecInput;

/**
 * The paper the pages are drawn on and the reduction to print (docs/print.md, "The drawn page"):
 * a known paper's reduction is derived from its trim unless typed.
 */
function DrawnFields({ form }: { form: ReturnType<typeof Form.useForm<SpecInput>>[0] }) {
  const { t } = useTranslation();
  const paper = Form.useWatch('drawnPaper', form) ?? 'print';
  return (
    <Flex wrap gap={12}>
      <Form.Item name="drawnPaper" label={t('preflight.form.drawnPaper')} initialValue="print">
        <Select
          style={{ minWidth: 220 }}
          options={DRAWN_PAPERS.map((p) => ({ value: p, label: t(`preflight.papers.${p}`) }))}
        />
      </Form.Item>
      {paper === 'custom'
        ? (['drawnWidthMm', 'drawnHeightMm'] as const).map((name) => (
            <Form.Item key={name} name={name} label={t(`preflight.form.${name}`)}>
              <InputNumber min={PRINT_LIMITS.trimMinMm} max={PRINT_LIMITS.trimMaxMm} addonAfter="mm" />
            </Form.Item>
          ))
        : null}
      {paper !== 'print' ? (
        <>
          <Form.Item name="reductionPct" label={t('preflight.form.reductionPct')}>
            <InputNumber
              min={PRINT_LIMITS.reductionMinPct}
              max={PRINT_LIMITS.reductionMaxPct}
              step={0.1}
              placeholder={paper === 'custom' ? undefined : t('preflight.form.reductionAuto')}
              addonAfter="%"
            />
          </Form.Item>
          <Form.Item name="deliverySize" label={t('preflight.form.deliverySize')} initialValue="drawn">
            <Select
              style={{ minWidth: 220 }}
              options={DELIVERY_SIZES.map((d) => ({ value: d, label: t(`preflight.deliverySizes.${d}`) }))}
            />
          </Form.Item>
        </>
      ) : null}
    </Flex>
  );
}
