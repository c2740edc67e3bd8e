import { CREATIVECAPS, GENRES, MEDIAS } from '@koma/shared/constants';
import { Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { useClearable } from '../../../components/form/clearable';
import { referenceOptions } from '../../../components/form/reference-options';
import { currentLanguage } from '../../../lib/i18n';
import { DEFAULT_FILTERS, type PersonFilters } from '../api/find-cartoonser';

interface SearchFilterFormProps {
  onSearch: (filters: PersonFilters) => void;
}

/** Filters of the person search: 検索 applies, リセット clears (status back to 1). */
export function SearchFilterForm({ onSearch }: SearchFilterFormProps) {
  const { t } = useTranslation();
  const clearable = useClearable();
  const lang = currentLanguage();
  const [form] = Form.useForm<PersonFilters>();

  const reset = () => {
    form.setFieldsValue(DEFAULT_FILTERS);
    onSearch(DEFAULT_FILTERS);
  };

  return (
    <search>
      <Form<PersonFilters>
        form={form}
        name="person-search"
        layout="vertical"
        initialValues={DEFAULT_FILTERS}
        onFinish={(values) =>
          onSearch({ ...DEFAULT_FILTERS, ...values, adscartoon: values.adscartoon ?? null })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="nick" label={t('fields.nickname')}>
              <Input allowClear={clearable} maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="status" label={t('search.status')}>
              <Select
                options={[1, 2, 3].map((value) => ({
                  value,
                  label: t(`options.searchStatus.${value as 1 | 2 | 3}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="adscartoon" label={t('fields.adscartoon')}>
              <Select
                allowClear
                placeholder={t('search.any')}
                options={[
                  { value: 1, label: t('options.adscartoon.1') },
                  { value: 2, label: t('options.adscartoon.2') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="typeb" label={t('fields.typebigs')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('search.any')}
                options={referenceOptions(GENRES, lang)}
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="media" label={t('fields.medias')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('search.any')}
                options={referenceOptions(MEDIAS, lang)}
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="creativecap" label={t('fields.creativecap')}>
              <CheckboxGroupField
                options={referenceOptions(CREATIVECAPS, lang)}
                aria-label={t('fields.creativecap')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} justify="flex-end">
          <Button onClick={reset}>{t('common.reset')}</Button>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Flex>
      </Form>
    </search>
  );
}
