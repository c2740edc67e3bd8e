import { Alert, Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatermarkCode } from '../api/access-records';
import { RecordList } from './record-list';

/** 透かしのコードから探す: the code read off a leaked picture names whom it was shown to. */
export function CodeLookup({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const lookup = useWatermarkCode(projectId);
  const found = lookup.data;
  return (
    <section aria-labelledby="access-code-heading">
      <h2 id="access-code-heading" className="koma-card-heading">
        {t('accessRecord.code.title')}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          lookup.mutate(code);
        }}
      >
        <Flex gap={8} wrap align="center">
          <Input
            aria-label={t('accessRecord.code.label')}
            placeholder={t('accessRecord.code.label')}
            value={code}
            maxLength={6}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            style={{ maxWidth: 220 }}
            className="koma-access-mono"
          />
          <Button htmlType="submit" loading={lookup.isPending} disabled={code.trim().length !== 6}>
            {t('accessRecord.code.find')}
          </Button>
        </Flex>
      </form>
      {found ? (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          {found.found ? (
            <Alert
              type="info"
              showIcon
              title={t('accessRecord.code.found', { name: found.nick, day: found.day })}
            />
          ) : (
            <Alert type="warning" showIcon title={t('accessRecord.code.notFound')} />
          )}
          {found.found ? <RecordList rows={found.served} label={t('accessRecord.code.title')} /> : null}
        </Flex>
      ) : null}
    </section>
  );
}
