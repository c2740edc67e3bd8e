import { DownloadOutlined } from '@ant-design/icons';
import type { PrintSpec } from '@koma/shared/constants';
import type { DeliveryFormat } from '@koma/shared/schemas';
import { Button, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadLink } from '../../../lib/links';
import { deliveryLink } from '../api/delivery-link';

interface DeliveryPanelProps {
  projectId: number;
  chapterId: number;
  spec: PrintSpec;
}

/**
 * The delivery (入稿データ) of a 校了 chapter, for the founder and the editor in charge (docs/print.md,
 * "Delivery"): the files as handed in, converted to the spec's TIFF, or converted into one print-ready
 * PDF, with the proof and manifest.
 */
export function DeliveryPanel({ projectId, chapterId, spec }: DeliveryPanelProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<DeliveryFormat>('tiff');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      downloadLink(await deliveryLink(projectId, chapterId, format));
    } catch {
      // The API client has shown the server's message (not 校了, no specification).
    } finally {
      setBusy(false);
    }
  };

  const colour = t(`preflight.colours.${spec.colour}`);
  return (
    <div className="koma-preflight-block">
      <h3 id="chapter-delivery-heading">{t('preflight.delivery.heading')}</h3>
      <p className="koma-work-muted">{t('preflight.delivery.lead')}</p>
      <Radio.Group
        aria-labelledby="chapter-delivery-heading"
        value={format}
        onChange={(e) => setFormat(e.target.value as DeliveryFormat)}
        className="koma-delivery-formats"
      >
        <Radio value="tiff">{t('preflight.delivery.tiff', { colour, dpi: spec.dpi })}</Radio>
        <Radio value="pdf">
          {t(spec.colour === 'colour' ? 'preflight.delivery.pdfColour' : 'preflight.delivery.pdf', {
            colour,
            dpi: spec.dpi,
          })}
        </Radio>
        <Radio value="asHandedIn">{t('preflight.delivery.asHandedIn')}</Radio>
      </Radio.Group>
      {format === 'asHandedIn' ? null : (
        <p className="koma-work-muted">{t(`preflight.delivery.${format}Note`)}</p>
      )}
      <Button
        type="primary"
        icon={<DownloadOutlined aria-hidden="true" />}
        loading={busy}
        onClick={() => void download()}
      >
        {t('preflight.delivery.download')}
      </Button>
    </div>
  );
}
