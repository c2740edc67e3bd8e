import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@koma/shared/constants';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { text60Rules } from '../lib/profile-rules';

interface StringListFieldProps {
  name: 'theme' | 'reward';
  label: string;
  addText: string;
  max: number;
}

/** Themes or awards: a dynamic list of short texts (60 characters each), rows added and removed. */
export function StringListField({ name, label, addText, max }: StringListFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <fieldset className="koma-fieldset">
          <legend>{label}</legend>
          {fields.map((field, index) => {
            const rowLabel = t('profile.rowLabel', { label, n: index + 1 });
            return (
              <Flex key={field.key} gap={8} align="flex-start">
                <Form.Item name={field.name} label={rowLabel} rules={text60Rules(t)} style={{ flex: 1 }}>
                  <Input count={{ show: true, max: LIMITS.profileTextMax }} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={t('profile.removeRow', { label, n: index + 1 })}
                  onClick={() => remove(field.name)}
                  style={{ marginTop: 30 }}
                />
              </Flex>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => add('')}
            disabled={fields.length >= max}
          >
            {addText}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
