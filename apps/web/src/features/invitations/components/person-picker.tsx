import { LIMITS } from '@koma/shared/constants';
import { Alert, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFriendChoices, usePeopleChoices } from '../api/invite-choices';

export type PickHow = 'friends' | 'people' | 'mail';

export interface PersonValues {
  how?: PickHow;
  userId?: number;
  email?: string;
}

/** A select whose options the server finds by the words typed (friends, or person search). */
function PersonSelect({ how, projectId }: { how: 'friends' | 'people'; projectId: number }) {
  const { t } = useTranslation();
  const [words, setWords] = useState('');
  const friends = useFriendChoices(words, how === 'friends');
  const people = usePeopleChoices(projectId, words, how === 'people');
  const found = how === 'friends' ? friends : people;
  const options = (found.data ?? []).map((p) => ({ value: p.id, label: p.nickname }));
  const noFriendsAtAll = how === 'friends' && words.trim() === '' && friends.data?.length === 0;
  return (
    <>
      <Form.Item
        name="userId"
        label={how === 'friends' ? t('invitations.friend') : t('invitations.person')}
        extra={how === 'people' ? t('invitations.personHint') : undefined}
        rules={[{ required: true, message: t('invitations.personRequired') }]}
      >
        <Select<number>
          showSearch
          filterOption={false}
          onSearch={setWords}
          loading={found.isFetching}
          placeholder={
            how === 'friends' ? t('invitations.friendPlaceholder') : t('invitations.personPlaceholder')
          }
          notFoundContent={how === 'people' && words.trim() === '' ? null : t('invitations.noPeople')}
          options={options}
        />
      </Form.Item>
      {noFriendsAtAll ? (
        <Alert type="info" showIcon title={t('invitations.noFriends')} style={{ marginBottom: 16 }} />
      ) : null}
    </>
  );
}

/**
 * Whom to invite: a friend, someone found by nickname, or a mail address (someone who may have
 * no account yet gets a link). A person fixed beforehand (from a profile) needs none of this.
 */
export function PersonPicker({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const how = Form.useWatch<PickHow | undefined>('how');
  return (
    <>
      <Form.Item name="how" label={t('invitations.how')} initialValue="friends">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'friends', label: t('invitations.from.friends') },
            { value: 'people', label: t('invitations.from.people') },
            { value: 'mail', label: t('invitations.from.mail') },
          ]}
        />
      </Form.Item>
      {how === 'mail' ? (
        <Form.Item
          name="email"
          label={t('invitations.email')}
          extra={t('invitations.emailNote', { days: LIMITS.teamInvitationDays })}
          rules={[
            { required: true, whitespace: true, message: t('validation.emailRequired') },
            { type: 'email', message: t('validation.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={LIMITS.emailMax} />
        </Form.Item>
      ) : (
        // Keyed: switching between friends and search starts an empty select.
        <PersonSelect
          key={how ?? 'friends'}
          how={how === 'people' ? 'people' : 'friends'}
          projectId={projectId}
        />
      )}
    </>
  );
}
