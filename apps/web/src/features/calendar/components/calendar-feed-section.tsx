import { CalendarOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Skeleton, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { confirmDialog, toastError, toastSuccess } from '../../../lib/feedback';
import { useCalendarFeedStatus } from '../api/get-calendar-feed';
import { useMakeCalendarFeed } from '../api/make-calendar-feed';
import { useStopCalendarFeed } from '../api/stop-calendar-feed';

/**
 * カレンダー連携 on the user's own settings: make a secret calendar URL (shown once, as only its
 * hash is kept: docs/calendar.md), make a new one in its place, or stop the feed.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const status = useCalendarFeedStatus();
  const make = useMakeCalendarFeed();
  const stop = useStopCalendarFeed();
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const headingId = useId();
  const urlId = useId();
  const exists = status.data?.exists ?? false;
  const busy = make.isPending || stop.isPending;

  const makeUrl = async () => {
    if (exists && !(await confirmDialog(t('calendarFeed.remakeConfirm'), t('calendarFeed.remake')))) return;
    try {
      setMadeUrl((await make.mutateAsync()).url);
    } catch {
      // The API client has shown the server's message.
    }
  };
  const stopFeed = async () => {
    const ok = await confirmDialog(t('calendarFeed.stopConfirm'), t('calendarFeed.stop'), { danger: true });
    if (!ok) return;
    try {
      await stop.mutateAsync();
      setMadeUrl(null);
    } catch {
      // The API client has shown the server's message.
    }
  };
  const copy = async () => {
    if (!madeUrl) return;
    try {
      await navigator.clipboard.writeText(madeUrl);
      toastSuccess(t('calendarFeed.copied'));
    } catch {
      toastError(t('calendarFeed.copyFailed'));
    }
  };

  return (
    <section aria-labelledby={headingId} style={{ marginTop: 24 }}>
      <Card
        title={
          <Typography.Title level={2} id={headingId} style={{ fontSize: 18, margin: 0 }}>
            <CalendarOutlined aria-hidden="true" /> {t('calendarFeed.title')}
          </Typography.Title>
        }
      >
        <Typography.Paragraph>{t('calendarFeed.lead')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('calendarFeed.privacy')}</Typography.Paragraph>
        {status.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : status.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorText(status.error)}
            action={<Button onClick={() => void status.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Flex vertical gap={16}>
            <Typography.Text role="status">
              {exists
                ? t('calendarFeed.on', { time: formatTime(status.data.create_time) })
                : t('calendarFeed.off')}
            </Typography.Text>
            {madeUrl && (
              <Flex vertical gap={8}>
                <label htmlFor={urlId}>{t('calendarFeed.urlLabel')}</label>
                <Space.Compact style={{ width: '100%' }}>
                  <Input id={urlId} readOnly value={madeUrl} onFocus={(e) => e.currentTarget.select()} />
                  <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
                    {t('calendarFeed.copy')}
                  </Button>
                </Space.Compact>
                <Alert
                  type="warning"
                  showIcon
                  title={t('calendarFeed.shownOnce')}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      <li>{t('calendarFeed.googleHint')}</li>
                      <li>{t('calendarFeed.outlookHint')}</li>
                    </ul>
                  }
                />
              </Flex>
            )}
            <Flex gap={8} wrap>
              <Button
                type={exists ? 'default' : 'primary'}
                onClick={() => void makeUrl()}
                loading={make.isPending}
                disabled={busy}
              >
                {exists ? t('calendarFeed.remake') : t('calendarFeed.make')}
              </Button>
              {exists && (
                <Button danger onClick={() => void stopFeed()} loading={stop.isPending} disabled={busy}>
                  {t('calendarFeed.stop')}
                </Button>
              )}
            </Flex>
          </Flex>
        )}
      </Card>
    </section>
  );
}
