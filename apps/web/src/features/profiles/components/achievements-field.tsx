import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@koma/shared/constants';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Typography } from 'antd';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { choiceRules, descRules, pageNumRules, workNameRules } from '../lib/profile-rules';

/** The four flags of an achievement with their two options each. */
const FLAGS: {
  key: 'type1' | 'type2' | 'type3' | 'type4';
  label: ParseKeys;
  options: [number, ParseKeys][];
}[] = [
  {
    key: 'type1',
    label: 'fields.type1',
    options: [
      [1, 'options.type1.1'],
      [2, 'options.type1.2'],
    ],
  },
  {
    key: 'type2',
    label: 'fields.type2',
    options: [
      [1, 'options.type2.1'],
      [2, 'options.type2.2'],
    ],
  },
  {
    key: 'type3',
    label: 'fields.type3',
    options: [
      [1, 'options.type3.1'],
      [2, 'options.type3.2'],
    ],
  },
  {
    key: 'type4',
    label: 'fields.type4',
    options: [
      [4, 'options.type4.4'],
      [5, 'options.type4.5'],
    ],
  },
];

const NEW_ACHIEVEMENT = { type1: 1, type2: 1, type3: 1, type4: 4, workName: '', pageNum: null, desc: '' };

/** Production achievements: a dynamic list of small forms. */
export function AchievementsField() {
  const { t } = useTranslation();
  return (
    <Form.List name="achievements">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('profile.noAchievements')}</Typography.Paragraph>
          ) : null}
          {fields.map((field, index) => {
            const title = t('profile.achievementN', { n: index + 1 });
            return (
              <Card
                key={field.key}
                size="small"
                style={{ marginBottom: 16 }}
                title={<h3 className="koma-card-heading">{title}</h3>}
                extra={
                  <Button
                    danger
                    type="text"
                    icon={<DeleteOutlined aria-hidden="true" />}
                    onClick={() => remove(field.name)}
                    aria-label={t('profile.removeRow', { label: t('fields.achievements'), n: index + 1 })}
                  >
                    {t('common.remove')}
                  </Button>
                }
              >
                <Row gutter={16}>
                  {FLAGS.map((flag) => (
                    <Col xs={24} md={12} key={flag.key}>
                      <Form.Item name={[field.name, flag.key]} label={t(flag.label)} rules={choiceRules(t)}>
                        <Radio.Group
                          aria-label={t(flag.label)}
                          options={flag.options.map(([value, label]) => ({ value, label: t(label) }))}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                  <Col xs={24} md={16}>
                    <Form.Item
                      name={[field.name, 'workName']}
                      label={t('fields.workName')}
                      rules={workNameRules(t)}
                    >
                      <Input count={{ show: true, max: LIMITS.profileTextMax }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'pageNum']}
                      label={t('fields.pageNum')}
                      rules={pageNumRules(t)}
                    >
                      <InputNumber min={1} max={LIMITS.pageNumMax} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name={[field.name, 'desc']} label={t('fields.desc')} rules={descRules(t)}>
                      <Input.TextArea
                        autoSize={{ minRows: 2, maxRows: 8 }}
                        count={{ show: true, max: LIMITS.achievementDescMax }}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => add({ ...NEW_ACHIEVEMENT })}
            disabled={fields.length >= LIMITS.achievementsMax}
          >
            {t('profile.addAchievement')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
