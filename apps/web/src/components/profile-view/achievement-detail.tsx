import type { Achievement } from '@koma/shared/schemas';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** One production achievement: type1–type4, work name, page count and description. */
export function AchievementDetail({ achievement }: { achievement: Achievement }) {
  const { t } = useTranslation();
  const a = achievement;
  return (
    <div className="koma-achievement">
      <div style={{ marginBottom: 8 }}>
        <Tag>{t(a.type1 === 1 ? 'options.type1.1' : 'options.type1.2')}</Tag>
        <Tag>{t(a.type2 === 1 ? 'options.type2.1' : 'options.type2.2')}</Tag>
        <Tag>{t(a.type3 === 1 ? 'options.type3.1' : 'options.type3.2')}</Tag>
        <Tag>{t(a.type4 === 4 ? 'options.type4.4' : 'options.type4.5')}</Tag>
      </div>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'workName',
            label: t('fields.workName'),
            children: <span className="koma-prewrap">{a.workName}</span>,
          },
          { key: 'pageNum', label: t('fields.pageNum'), children: t('profile.pages', { count: a.pageNum }) },
          {
            key: 'desc',
            label: t('fields.desc'),
            children: <span className="koma-prewrap">{a.desc || t('common.notEntered')}</span>,
          },
        ]}
      />
    </div>
  );
}
