import { POSITIONS, referenceName } from '@koma/shared/constants';
import { Button, Card, Col, Empty, Flex, Row, Tag } from 'antd';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import defaultCover from '../../../components/project-card/default-cover.svg';
import { currentLanguage } from '../../../lib/i18n';
import { chapterOf, type SearchItem } from '../api/search-projects';
import { similarityPercent } from '../lib/apply-positions';
import '../../../components/project-card/project-card.css';

const STATUS_COLOURS: Record<number, string> = { 2: 'blue', 22: 'default' };

function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = '1';
  img.src = defaultCover;
}

/**
 * Result cards: icon, title (opens the info dialog), the chapter of a case (several chapters of one
 * project recruit apart), author, match %, join status, positions.
 */
export function ResultList({ items, onOpen }: { items: SearchItem[]; onOpen: (item: SearchItem) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (items.length === 0) return <Empty description={t('common.noData')} />;
  return (
    <Row gutter={[16, 16]} role="list">
      {items.map((item) => {
        const status = [1, 2, 21, 22].includes(item.join_status) ? item.join_status : 1;
        const chapter = chapterOf(item);
        return (
          <Col xs={24} md={12} xl={8} key={`${item.project_id}-${item.chapter_id ?? 0}`} role="listitem">
            <Card
              size="small"
              className="koma-project-card"
              cover={
                <img
                  src={item.project_icon || defaultCover}
                  alt=""
                  onError={showFallback}
                  className="koma-project-cover"
                  loading="lazy"
                />
              }
            >
              <h3 className="koma-card-heading" style={{ fontSize: 15 }}>
                <Button
                  type="link"
                  onClick={() => onOpen(item)}
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  aria-label={
                    chapter
                      ? t('projectSearch.openCaseWho', {
                          title: item.project_title,
                          chapter: chapter.chapter_title,
                        })
                      : t('projectSearch.openWho', { title: item.project_title })
                  }
                >
                  {item.project_title}
                </Button>
              </h3>
              {chapter ? (
                <div className="koma-project-chapter">
                  {t('projectSearch.chapter', { title: chapter.chapter_title })}
                </div>
              ) : null}
              <div className="koma-project-meta">{t('projectSearch.author', { name: item.nick })}</div>
              <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '8px 0' }}>
                <span>{t('projectSearch.similarity', { percent: similarityPercent(item.similar) })}</span>
                <Tag color={STATUS_COLOURS[status]} className={status === 21 ? 'koma-tag-ok' : undefined}>
                  {t(`projectSearch.joinStatuses.${status as 1 | 2 | 21 | 22}`)}
                </Tag>
              </Flex>
              {item.recruit_pos.length ? (
                <Flex gap={4} wrap align="center">
                  <span className="koma-project-meta">{t('projectSearch.recruiting')}</span>
                  {item.recruit_pos.map((p) => (
                    <Tag key={p.posid} color="blue">
                      {POSITIONS.some((e) => e.id === p.posid)
                        ? referenceName(POSITIONS, p.posid, lang)
                        : p.position}
                    </Tag>
                  ))}
                </Flex>
              ) : null}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
