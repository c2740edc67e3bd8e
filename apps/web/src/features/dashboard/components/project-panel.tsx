import type { ProjectCard as ProjectCardData } from '@koma/shared/schemas';
import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { ProjectCard } from '../../../components/project-card/project-card';

interface ProjectPanelProps {
  title: string;
  projects: ProjectCardData[] | undefined;
  /** A "more" link (マイプロジェクト → project management). */
  more?: { to: string; label: string };
  /** What the cards' percentage is: progress (own and joined projects) or match (recommendations). */
  measure?: 'progress' | 'match';
  /** The home page's answer has not come yet: a skeleton, not "no data". */
  loading?: boolean;
}

/** A panel of project cards; a skeleton while loading, データがありません when there are none. */
export function ProjectPanel({ title, projects, more, measure, loading = false }: ProjectPanelProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={<h2 className="koma-card-heading">{title}</h2>}
      extra={more ? <Link to={more.to}>{more.label}</Link> : null}
      style={{ height: '100%' }}
    >
      {loading ? (
        <LoadingSkeleton />
      ) : projects?.length ? (
        <Row gutter={[12, 12]} role="list">
          {projects.map((p) => (
            <Col xs={24} sm={12} xxl={8} key={p.proId} role="listitem">
              <ProjectCard project={p} measure={measure} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
      )}
    </Card>
  );
}
