import { Button, Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonButton } from '../../../components/person/person-button';
import type { FriendListData } from '../api/search-friends';

interface FriendGridProps {
  friends: FriendListData['list'];
  onShowProfile: (id: number) => void;
  onUnfriend: (friend: FriendListData['list'][number]) => void;
}

/** Friends: picture (opens the profile popup), nickname and 友達解除. */
export function FriendGrid({ friends, onShowProfile, onUnfriend }: FriendGridProps) {
  const { t } = useTranslation();
  if (friends.length === 0) return <Empty description={t('common.noData')} />;
  return (
    <Row gutter={[16, 16]} role="list">
      {friends.map((f) => (
        <Col xs={24} sm={12} lg={8} xxl={6} key={f.id} role="listitem">
          <Card size="small">
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
              <PersonButton nickname={f.nickname} pic={f.pic} onClick={() => onShowProfile(f.id)} />
              <Button
                danger
                size="small"
                onClick={() => onUnfriend(f)}
                aria-label={t('friends.unfriendWho', { name: f.nickname })}
              >
                {t('friends.unfriend')}
              </Button>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
