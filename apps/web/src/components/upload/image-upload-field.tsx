import type { UploadType } from '@koma/shared/constants';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../lib/avatar-url';
import { pictureOf, rememberPicture } from './shown-pictures';
import { UploadButton } from './upload-button';

interface ImageUploadFieldProps {
  /** Set by Form.Item: its label points at the file input. */
  id?: string;
  /** The uploaded path ('' for none), as Form.Item passes it. */
  value?: string;
  onChange?: (path: string) => void;
  uploadType: UploadType;
  /** Avatar: a round 80x80 thumbnail. Banner: a wide preview. */
  preview: 'avatar' | 'banner';
  /** The field's name, for the preview's alternative text. */
  label: string;
}

/** An image field of a form: preview, upload button with progress, and removal. */
export function ImageUploadField({ id, value, onChange, uploadType, preview, label }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const src = value ? (preview === 'avatar' ? avatarUrl(value) : pictureOf(value)) : undefined;
  return (
    <Flex gap={16} align="flex-start" wrap>
      <div className={preview === 'avatar' ? 'koma-upload-avatar' : 'koma-upload-banner'}>
        {src ? (
          <img src={src} alt={t('upload.previewAlt', { label })} />
        ) : (
          <span className="koma-upload-empty">{t('upload.noImage')}</span>
        )}
      </div>
      <Flex vertical gap={8} align="flex-start">
        <UploadButton
          id={id}
          uploadType={uploadType}
          buttonText={value ? t('upload.change') : t('upload.choose')}
          onUploaded={(data, file) => {
            rememberPicture(data.path, URL.createObjectURL(file));
            onChange?.(data.path);
          }}
        />
        {value ? (
          <Button type="link" danger onClick={() => onChange?.('')} style={{ paddingInline: 0 }}>
            {t('upload.remove', { label })}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
