import { LIMITS } from '@koma/shared/constants';
import { Alert, Button, Card, Flex, Form, Input, Pagination, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { useProfilePopup } from '../../../components/profile-popup/use-profile-popup';
import { errorText } from '../../../lib/api-client';
import { confirmDialog } from '../../../lib/feedback';
import { useDelFriend } from '../api/del-friend';
import { type FriendRole, useFriendSearch } from '../api/search-friends';
import { FriendGrid } from '../components/friend-grid';
import './friends-list.css';

const TABS = ['all', '1', '2', '3', '5'] as const;
type Tab = (typeof TABS)[number];

/** /friendsList/friendsList (友達リスト): role tabs, keyword search, 30 per page. */
export default function FriendsListPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ keywords: string }>();
  const [tab, setTab] = useState<Tab>('all');
  const [keywords, setKeywords] = useState('');
  const [page, setPage] = useState(1);
  const role = tab === 'all' ? null : (Number(tab) as FriendRole);
  const friends = useFriendSearch({ role, keywords, page });
  const del = useDelFriend();
  const profile = useProfilePopup();
  const total = friends.data?.total ?? 0;

  const unfriend = async (friendId: number) => {
    if (!(await confirmDialog(t('friends.unfriendConfirm'), t('friends.unfriend')))) return;
    del.mutate(friendId);
  };

  const content = (
    <>
      {friends.isError && !friends.data ? (
        <Alert type="error" showIcon title={errorText(friends.error)} />
      ) : friends.data ? (
        <Spin spinning={friends.isFetching} delay={200}>
          <FriendGrid
            friends={friends.data.list}
            onShowProfile={profile.show}
            onUnfriend={(f) => void unfriend(f.id)}
          />
        </Spin>
      ) : (
        <LoadingSkeleton rows={4} avatar />
      )}
      {total > 0 ? (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }}
          current={page}
          pageSize={LIMITS.friendListPageSize}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => t('common.total', { count })}
          onChange={setPage}
        />
      ) : null}
    </>
  );

  return (
    <>
      <h1 className="koma-page-title">{t('titles.friendsList')}</h1>
      <Card style={{ marginBottom: 24 }}>
        <search>
          <Form
            form={form}
            name="friend-search"
            layout="inline"
            initialValues={{ keywords: '' }}
            onFinish={(values) => {
              setKeywords(values.keywords ?? '');
              setPage(1);
            }}
          >
            <Form.Item name="keywords" label={t('fields.keywords')}>
              <Input allowClear maxLength={LIMITS.searchNickMax} style={{ width: 'min(240px, 55vw)' }} />
            </Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setKeywords('');
                  setTab('all');
                  setPage(1);
                }}
              >
                {t('common.reset')}
              </Button>
            </Flex>
          </Form>
        </search>
      </Card>
      <Card>
        <Tabs
          className="koma-filter-tabs"
          activeKey={tab}
          onChange={(key) => {
            setTab(key as Tab);
            setPage(1);
          }}
          items={TABS.map((key) => ({
            key,
            label: t(`friends.tabs.${key}`),
            children: key === tab ? content : null,
          }))}
        />
      </Card>
      {profile.popup}
    </>
  );
}
