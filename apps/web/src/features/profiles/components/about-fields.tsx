import { LIMITS } from '@koma/shared/constants';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { portfolioRules, text60Rules } from '../lib/profile-rules';
import { StringListField } from './string-list-field';

const count60 = { show: true, max: LIMITS.profileTextMax };

/** Self-PR, favourites, 萌え, themes, awards and the portfolio URL (60 / 100 characters, counters). */
export function AboutFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="introduction" label={t('fields.introduction')} rules={text60Rules(t)}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={count60} />
      </Form.Item>
      <Form.Item name="cartoon" label={t('fields.cartoon')} rules={text60Rules(t)}>
        <Input count={count60} />
      </Form.Item>
      <Form.Item name="cartooner" label={t('fields.cartooner')} rules={text60Rules(t)}>
        <Input count={count60} />
      </Form.Item>
      <Form.Item name="cute" label={t('fields.cute')} rules={text60Rules(t)}>
        <Input count={count60} />
      </Form.Item>
      <StringListField
        name="theme"
        label={t('fields.theme')}
        addText={t('profile.addTheme')}
        max={LIMITS.themesMax}
      />
      <StringListField
        name="reward"
        label={t('fields.reward')}
        addText={t('profile.addReward')}
        max={LIMITS.rewardsMax}
      />
      <Form.Item
        name="introduce"
        label={t('fields.introduce')}
        rules={portfolioRules(t)}
        extra={t('profile.portfolioHint')}
      >
        {/* Not type="url": the browser's own check would block the form with its own message. */}
        <Input
          inputMode="url"
          placeholder="https://"
          count={{ show: true, max: LIMITS.portfolioUrlMax }}
          autoComplete="url"
        />
      </Form.Item>
    </>
  );
}
