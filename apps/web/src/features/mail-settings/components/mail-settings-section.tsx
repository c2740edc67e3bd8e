import { LANGUAGES, type Language, MAIL_MODES, type MailMode, NoticeKind } from '@koma/shared/constants';
import type { NoticeMailSettings } from '@koma/shared/schemas';
import { Alert, Button, Card, Form, Radio, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/feedback';
import { useMailSettings } from '../api/get-mail-settings';
import { useSaveMailSettings } from '../api/save-mail-settings';
import './mail-settings-section.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const KINDS = Object.values(NoticeKind);

/** Every zone the browser knows, with the saved one kept should the browser not list it. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

/** A zone as the reader says it, with its id beside it: 日本時間（Asia/Tokyo）. */
function zoneLabel(zone: string, lang: string): string {
  const parts = new Intl.DateTimeFormat(lang, {
    timeZone: zone,
    timeZoneName: 'longGeneric',
  }).formatToParts();
  const name = parts.find((p) => p.type === 'timeZoneName')?.value;
  return name && name !== zone ? `${name}（${zone}）` : zone;
}

/**
 * The profile screen's mail section (docs/notices.md, "By mail"): for each kind of notice, at
 * once, in the daily digest or not at all; the mails' language; the digest's zone and hour. The
 * mails' footer links here (`#mail-settings`).
 */
export function MailSettingsSection() {
  const { t } = useTranslation();
  const settings = useMailSettings();
  return (
    <Card id="mail-settings" className="koma-mail-settings" title={<h2>{t('mailSettings.title')}</h2>}>
      <Typography.Paragraph>{t('mailSettings.lead')}</Typography.Paragraph>
      {settings.data ? (
        <MailSettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('mailSettings.loadFailed')}
          description={errorText(settings.error)}
          action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}

function MailSettingsForm({ initial }: { initial: NoticeMailSettings }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<NoticeMailSettings>();
  const save = useSaveMailSettings();
  const [saved, setSaved] = useState(false);
  const zones = useMemo(
    () => timeZones(initial.timeZone).map((zone) => ({ value: zone, label: zoneLabel(zone, i18n.language) })),
    [initial.timeZone, i18n.language],
  );

  const submit = (values: NoticeMailSettings) => {
    setSaved(false);
    save.mutate(values, {
      onSuccess: () => {
        setSaved(true);
        toastSuccess(t('mailSettings.saved'));
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={() => setSaved(false)}
      disabled={save.isPending}
    >
      <div className="koma-mail-settings__general">
        <Form.Item name="lang" label={t('mailSettings.lang')}>
          <Select<Language>
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`mailSettings.languages.${lang}`) }))}
          />
        </Form.Item>
        <Form.Item name="digestHour" label={t('mailSettings.digestHour')}>
          <Select<number>
            // 24 short options: all in the list, so any hour is reached by scrolling or the arrow keys.
            virtual={false}
            options={HOURS.map((hour) => ({ value: hour, label: t('mailSettings.hour', { hour }) }))}
          />
        </Form.Item>
        <Form.Item name="timeZone" label={t('mailSettings.timeZone')}>
          <Select<string> showSearch optionFilterProp="label" options={zones} />
        </Form.Item>
      </div>
      <fieldset className="koma-mail-settings__kinds">
        <legend>{t('mailSettings.kindsLabel')}</legend>
        {KINDS.map((kind) => (
          <Form.Item key={kind} name={['kinds', kind]} label={t(`mailSettings.kinds.${kind}`)}>
            <Radio.Group
              aria-label={t(`mailSettings.kinds.${kind}`)}
              optionType="button"
              size="small"
              options={MAIL_MODES.map((mode: MailMode) => ({
                value: mode,
                label: t(`mailSettings.modes.${mode}`),
              }))}
            />
          </Form.Item>
        ))}
      </fieldset>
      <div className="koma-mail-settings__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('mailSettings.save')}
        </Button>
        <span role="status" className="koma-mail-settings__saved">
          {saved ? t('mailSettings.saved') : ''}
        </span>
      </div>
    </Form>
  );
}
