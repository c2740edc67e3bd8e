import type { ProjectCard as ProjectCardData } from '@koma/shared/schemas';
import { Card, Flex, Progress, Tag, Typography } from 'antd';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../lib/dates';
import defaultCover from './default-cover.svg';
import './project-card.css';

/** Falls back to the local default picture once, when the project's image cannot be loaded. */
function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = '1';
  img.src = defaultCover;
}

/**
 * A project: picture, title, nickname, update time, percentage and recruiting positions
 * (docs/api-conventions.md, project cards). The percentage is the production progress of the user's own and joined projects,
 * and the match with the user of a recommendation (`measure="match"`), shown as such.
 */
export function ProjectCard({
  project,
  measure = 'progress',
}: {
  project: ProjectCardData;
  measure?: 'progress' | 'match';
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="koma-project-card"
      cover={
        <img
          src={project.image || defaultCover}
          alt=""
          onError={showFallback}
          className="koma-project-cover"
          loading="lazy"
        />
      }
    >
      <Typography.Title level={3} className="koma-project-title">
        <Link to={`/projectDetails/projectDetails?proId=${project.proId}`}>{project.title}</Link>
      </Typography.Title>
      <div className="koma-project-meta">{project.nick}</div>
      <div className="koma-project-meta">
        {t('projectCard.updated', { date: formatTime(project.upTime) })}
      </div>
      {measure === 'match' ? (
        <div className="koma-project-meta">
          {t('projectCard.match', { percent: Math.round(project.percent) })}
        </div>
      ) : (
        <Flex align="center" gap={8}>
          <span className="koma-project-meta">{t('projectCard.progressLabel')}</span>
          <Progress
            style={{ flex: 1, margin: 0 }}
            percent={Math.round(project.percent)}
            size="small"
            aria-label={t('projectCard.progress', { title: project.title })}
          />
        </Flex>
      )}
      {project.recruit_pos.length ? (
        <Flex gap={4} wrap align="center">
          <span className="koma-project-meta">{t('projectCard.recruiting')}</span>
          {project.recruit_pos.map((p) => (
            <Tag key={p.posid} color="blue">
              {p.position}
            </Tag>
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}
