import type { ProjectListItem } from '@koma/shared/schemas';
import { Alert, Button, Col, Empty, Flex, Form, Input, Row, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClearable } from '../../../components/form/clearable';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { ProjectCard } from '../../../components/project-card/project-card';
import { errorText } from '../../../lib/api-client';
import { useProjectLists } from '../api/search-project';

interface ProjectListTabProps {
  type: 1 | 2;
  /** Only マイプロジェクト's ongoing list has 変更. */
  editable: boolean;
}

/** One tab of the project list: keyword search, then 連載中 and 完成した. */
export function ProjectListTab({ type, editable }: ProjectListTabProps) {
  const { t } = useTranslation();
  const clearable = useClearable();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const lists = useProjectLists(type, keyword);
  const formName = `project-search-${type}`;

  const section = (
    key: 'ongoing' | 'completed',
    projects: ProjectListItem[] | undefined,
    withEdit: boolean,
  ) => {
    const headingId = `projects-${type}-${key}`;
    return (
      <section aria-labelledby={headingId} style={{ marginTop: 24 }}>
        <h2 id={headingId} className="koma-card-heading" style={{ marginBottom: 12 }}>
          {t(`project.list.${key}`)}
        </h2>
        {projects?.length ? (
          <Row gutter={[16, 16]} role="list">
            {projects.map((p) => (
              <Col xs={24} sm={12} lg={8} xxl={6} key={p.proId} role="listitem">
                <Flex vertical gap={8} style={{ height: '100%' }}>
                  <ProjectCard project={p} />
                  {withEdit ? (
                    <Button
                      onClick={() => navigate(`/projectManagement/createProject?proId=${p.proId}`)}
                      aria-label={t('project.list.editWho', { title: p.title })}
                    >
                      {t('project.list.edit')}
                    </Button>
                  ) : null}
                </Flex>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
        )}
      </section>
    );
  };

  return (
    <>
      <search>
        <Form
          name={formName}
          layout="inline"
          initialValues={{ keyword: '' }}
          onFinish={(values: { keyword?: string }) => setKeyword((values.keyword ?? '').trim())}
        >
          <Form.Item name="keyword" label={t('fields.keywords')}>
            <Input allowClear={clearable} maxLength={60} style={{ width: 'min(260px, 55vw)' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form>
      </search>
      {lists.isError && !lists.data ? (
        <Alert type="error" showIcon title={errorText(lists.error)} style={{ marginTop: 16 }} />
      ) : lists.data ? (
        <Spin spinning={lists.isFetching} delay={200}>
          {section('ongoing', lists.data.goon, editable)}
          {section('completed', lists.data.over, false)}
        </Spin>
      ) : (
        <LoadingSkeleton rows={5} />
      )}
    </>
  );
}
