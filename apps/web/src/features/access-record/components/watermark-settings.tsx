import { WATERMARK_MODES, WATERMARK_ORIGINALS } from '@koma/shared/constants';
import type { WatermarkSettingData } from '@koma/shared/schemas';
import { Alert, Button, Flex, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWatermark, useWatermarkSetting } from '../api/watermark-setting';
import './access-record.css';

type Mode = WatermarkSettingData['mode'];
type Originals = WatermarkSettingData['originals'];

/**
 * 透かし (docs/renditions.md, "Watermarks"): who sees the pages watermarked, set by the founder or
 * the editor in charge; what originals do, by the founder. Others read it.
 */
export function WatermarkSettings({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const setting = useWatermarkSetting(projectId);
  const data = setting.data;
  if (!data) {
    return setting.isError ? (
      <Alert type="error" showIcon title={t('watermark.loadFailed')} />
    ) : (
      <Spin size="small" />
    );
  }
  return <WatermarkForm key={`${data.mode}-${data.originals}`} projectId={projectId} data={data} />;
}

function WatermarkForm({ projectId, data }: { projectId: number; data: WatermarkSettingData }) {
  const { t } = useTranslation();
  const save = useSaveWatermark(projectId);
  const [mode, setMode] = useState<Mode>(data.mode);
  const [originals, setOriginals] = useState<Originals>(data.originals);
  const changed = mode !== data.mode || originals !== data.originals;
  const modeLabels: Record<Mode, string> = {
    off: t('watermark.off'),
    members: t('watermark.members'),
    everyone: t('watermark.everyone'),
  };
  const originalsLabels: Record<Originals, string> = {
    refuse: t('watermark.refuse'),
    watermark: t('watermark.watermarkPreview'),
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('watermark.lead')}
      </Typography.Paragraph>
      <fieldset className="koma-watermark-fieldset">
        <legend>{t('watermark.mode')}</legend>
        <Radio.Group
          value={mode}
          disabled={!data.mayChange}
          onChange={(e) => setMode(e.target.value as Mode)}
          options={WATERMARK_MODES.map((value) => ({ value, label: modeLabels[value] }))}
          className="koma-watermark-options"
        />
      </fieldset>
      <fieldset className="koma-watermark-fieldset">
        <legend>{t('watermark.originals')}</legend>
        <Radio.Group
          value={originals}
          disabled={!data.mayChooseOriginals}
          onChange={(e) => setOriginals(e.target.value as Originals)}
          options={WATERMARK_ORIGINALS.map((value) => ({ value, label: originalsLabels[value] }))}
          className="koma-watermark-options"
        />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('watermark.originalsHint')}
        </Typography.Paragraph>
      </fieldset>
      {data.mayChange ? (
        <div>
          <Button
            type="primary"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ mode, originals })}
          >
            {t('watermark.save')}
          </Button>
        </div>
      ) : (
        <Typography.Text type="secondary">{t('watermark.readOnly')}</Typography.Text>
      )}
    </Flex>
  );
}
