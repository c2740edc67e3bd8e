import { Button, Empty, Flex, List, Popconfirm, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import {
  type ReviewLinkEntry,
  useReviewLinks,
  useRevokeAllReviewLinks,
  useRevokeReviewLink,
} from '../api/review-links';

const STATE_COLOR: Record<ReviewLinkEntry['state'], string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
  usedUp: 'orange',
};

/** A chapter's review links, newest first, each revocable; and all of them at once. */
export function ReviewLinksList({ projectId, chapterId }: { projectId: number; chapterId: number }) {
  const { t } = useTranslation();
  const links = useReviewLinks(projectId, chapterId, true);
  const revoke = useRevokeReviewLink(projectId, chapterId);
  const revokeAll = useRevokeAllReviewLinks(projectId, chapterId);
  if (links.isPending) return <Spin />;
  if (links.isError) return <Typography.Text type="danger">{t('reviewLinks.loadFailed')}</Typography.Text>;
  const list = links.data.list;
  const anyActive = list.some((l) => l.state === 'active' || l.state === 'usedUp');
  return (
    <section aria-label={t('reviewLinks.listTitle')}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('reviewLinks.listTitle')}
        </Typography.Title>
        <Popconfirm
          title={t('reviewLinks.revokeAllConfirm')}
          okText={t('reviewLinks.revokeAll')}
          okButtonProps={{ danger: true }}
          onConfirm={() => revokeAll.mutateAsync()}
        >
          <Button danger disabled={!anyActive} className="koma-touch">
            {t('reviewLinks.revokeAll')}
          </Button>
        </Popconfirm>
      </Flex>
      {list.length === 0 ? (
        <Empty description={t('reviewLinks.empty')} />
      ) : (
        <List
          dataSource={list}
          rowKey="id"
          renderItem={(link) => (
            <List.Item
              className="koma-review-link"
              actions={
                link.state === 'revoked' || link.state === 'expired'
                  ? []
                  : [
                      <Popconfirm
                        key="revoke"
                        title={t('reviewLinks.revokeConfirm')}
                        okText={t('reviewLinks.revoke')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => revoke.mutateAsync(link.id)}
                      >
                        <Button danger className="koma-touch">
                          {t('reviewLinks.revoke')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <Flex gap={8} wrap align="center">
                    <span className="koma-prewrap">{link.label || t('reviewLinks.untitled')}</span>
                    <Tag color={STATE_COLOR[link.state]}>{t(`reviewLinks.state.${link.state}`)}</Tag>
                  </Flex>
                }
                description={<LinkFacts link={link} />}
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}

function LinkFacts({ link }: { link: ReviewLinkEntry }) {
  const { t } = useTranslation();
  const pages =
    link.scope === 'chapter'
      ? t('reviewLinks.scopeChapter')
      : link.pageNums.map((n) => t('viewer.page', { num: n })).join('・');
  return (
    <Flex vertical gap={2}>
      <span>{pages}</span>
      <span>
        {t('reviewLinks.viewsOf', { views: link.views, max: link.maxViews })}・
        {t('reviewLinks.expiresAt', { at: formatTime(link.expiresAt) })}
      </span>
      <span>
        {[
          link.hasPassword ? t('reviewLinks.withPassword') : null,
          link.comments ? t('reviewLinks.withComments') : t('reviewLinks.viewOnly'),
          link.downloads ? t('reviewLinks.withDownloads') : null,
        ]
          .filter(Boolean)
          .join('・')}
      </span>
      {link.guests.length > 0 ? (
        <span className="koma-prewrap">{t('reviewLinks.guests', { names: link.guests.join('、') })}</span>
      ) : null}
      <span>{t('reviewLinks.madeBy', { name: link.createdBy.nickname })}</span>
    </Flex>
  );
}
