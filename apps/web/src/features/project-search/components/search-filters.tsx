import { CREATIVECAPS, GENRES } from '@koma/shared/constants';
import { Button, Checkbox, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { useClearable } from '../../../components/form/clearable';
import { referenceOptions } from '../../../components/form/reference-options';
import { currentLanguage } from '../../../lib/i18n';
import { DEFAULT_FILTERS, type SearchFilters } from '../api/search-projects';

const JOIN_STATUSES = [1, 2, 21, 22] as const;

/** Filters of project / case search: 検索 applies; リセット clears, page 1. */
export function SearchFiltersForm({
  name,
  onSearch,
}: {
  name: string;
  onSearch: (filters: SearchFilters) => void;
}) {
  const { t } = useTranslation();
  const clearable = useClearable();
  const lang = currentLanguage();
  const [form] = Form.useForm<SearchFilters>();

  return (
    <search>
      <Form<SearchFilters>
        form={form}
        name={name}
        layout="vertical"
        initialValues={DEFAULT_FILTERS}
        onFinish={(values) =>
          onSearch({
            ...DEFAULT_FILTERS,
            ...values,
            join_status: values.join_status ?? null,
            kind: values.kind ?? null,
            is_match: Boolean(values.is_match),
          })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="keywords" label={t('projectSearch.keywords')}>
              <Input allowClear={clearable} maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="typeb" label={t('projectSearch.genres')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('projectSearch.any')}
                options={referenceOptions(GENRES, lang)}
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="creativecap" label={t('project.fields.creativecap')}>
              <CheckboxGroupField
                options={referenceOptions(CREATIVECAPS, lang)}
                aria-label={t('project.fields.creativecap')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="join_status" label={t('projectSearch.joinStatus')}>
              <Select
                allowClear
                placeholder={t('projectSearch.any')}
                options={JOIN_STATUSES.map((value) => ({
                  value,
                  label: t(`projectSearch.joinStatuses.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="kind" label={t('projectSearch.kind')}>
              <Select
                allowClear
                placeholder={t('projectSearch.any')}
                options={[
                  { value: 1, label: t('project.kind.1') },
                  { value: 2, label: t('project.kind.2') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="is_match" valuePropName="checked" className="koma-search-check">
              <Checkbox>{t('projectSearch.isMatch')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} justify="flex-end">
          <Button
            onClick={() => {
              form.setFieldsValue(DEFAULT_FILTERS);
              onSearch(DEFAULT_FILTERS);
            }}
          >
            {t('common.reset')}
          </Button>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Flex>
      </Form>
    </search>
  );
}
