import {
  AFFILIATIONS,
  CREATIVECAPS,
  GENRES,
  LIMITS,
  MEDIAS,
  METHODS,
  POSITIONS,
  UploadType,
} from '@koma/shared/constants';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { referenceOptions } from '../../../components/form/reference-options';
import { ImageUploadField } from '../../../components/upload/image-upload-field';
import { currentLanguage } from '../../../lib/i18n';
import { nicknameRules, pickRules } from '../lib/profile-rules';

/**
 * Pictures, nickname, creation/essay, media and genre; creators also positions, drawing method
 * and experience; editors the editorial affiliation.
 */
export function BasicFields({ creator }: { creator: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Form.Item name="pic" label={t('fields.pic')}>
        <ImageUploadField uploadType={UploadType.AVATAR} preview="avatar" label={t('fields.pic')} />
      </Form.Item>
      <Form.Item name="icon" label={t('fields.icon')}>
        <ImageUploadField uploadType={UploadType.BACKGROUND} preview="banner" label={t('fields.icon')} />
      </Form.Item>
      <Form.Item name="nickname" label={t('fields.nickname')} rules={nicknameRules(t)}>
        <Input count={{ show: true, max: LIMITS.nicknameMax }} autoComplete="nickname" />
      </Form.Item>
      <Form.Item name="type" label={t('fields.creativecap')} rules={pickRules(t, 'selectRequired')}>
        <CheckboxGroupField
          options={referenceOptions(CREATIVECAPS, lang)}
          aria-label={t('fields.creativecap')}
        />
      </Form.Item>
      {creator ? (
        <Form.Item name="positions" label={t('fields.positions')} rules={pickRules(t, 'requiredField')}>
          <CheckboxGroupField
            options={referenceOptions(POSITIONS, lang)}
            aria-label={t('fields.positions')}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="medias" label={t('fields.medias')} rules={pickRules(t, 'requiredField')}>
        <CheckboxGroupField options={referenceOptions(MEDIAS, lang)} aria-label={t('fields.medias')} />
      </Form.Item>
      <Form.Item name="typebigs" label={t('fields.typebigs')} rules={pickRules(t, 'requiredField')}>
        <CheckboxGroupField options={referenceOptions(GENRES, lang)} aria-label={t('fields.typebigs')} />
      </Form.Item>
      {creator ? (
        <>
          <Form.Item name="method" label={t('fields.methods')} rules={pickRules(t, 'requiredField')}>
            <CheckboxGroupField options={referenceOptions(METHODS, lang)} aria-label={t('fields.methods')} />
          </Form.Item>
          <Form.Item name="experience" label={t('fields.experience')}>
            <CheckboxGroupField
              aria-label={t('fields.experience')}
              options={[
                { value: 1, label: t('options.experience.1') },
                { value: 2, label: t('options.experience.2') },
              ]}
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="drawmethod"
          label={t('fields.affiliation')}
          required
          // The server requires the affiliation of editors: say so here, next to the field.
          rules={[{ required: true, message: t('validation.selectRequired') }]}
        >
          <Radio.Group aria-label={t('fields.affiliation')} options={referenceOptions(AFFILIATIONS, lang)} />
        </Form.Item>
      )}
      <Form.Item name="adscartoon" label={t('fields.adscartoon')}>
        <Radio.Group
          aria-label={t('fields.adscartoon')}
          options={[
            { value: 1, label: t('options.adscartoon.1') },
            { value: 2, label: t('options.adscartoon.2') },
          ]}
        />
      </Form.Item>
      <Form.Item name="publish" label={t('fields.publish')}>
        <Radio.Group
          aria-label={t('fields.publish')}
          options={[
            { value: 1, label: t('options.publish.1') },
            { value: 2, label: t('options.publish.2') },
          ]}
        />
      </Form.Item>
    </>
  );
}
