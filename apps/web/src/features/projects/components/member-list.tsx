import { MemberKind } from '@koma/shared/constants';
import type { ProjectDetailData } from '@koma/shared/schemas';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonButton } from '../../../components/person/person-button';

type Member = ProjectDetailData['users'][number];

/** Members with picture, name (opens the profile popup), role and a 友達 badge. */
export function MemberList({
  members,
  onShowProfile,
}: {
  members: Member[];
  onShowProfile: (uid: number) => void;
}) {
  const { t } = useTranslation();
  if (members.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.detail.noMembers')} />;
  return (
    <ul className="koma-member-list">
      {members.map((m) => (
        <li key={`${m.userId}-${m.kind}`} className="koma-member">
          <PersonButton
            nickname={m.userName}
            pic={m.userImg}
            size={40}
            onClick={() => onShowProfile(m.userId)}
          />
          <div>
            {m.kind === MemberKind.FOUNDER ? <Tag color="geekblue">{t('project.detail.founder')}</Tag> : null}
            {m.kind === MemberKind.EDITOR ? <Tag color="purple">{t('project.detail.editor')}</Tag> : null}
            {m.isFriend ? <Tag className="koma-tag-ok">{t('project.detail.friend')}</Tag> : null}
          </div>
          {m.role ? <span className="koma-muted">{m.role}</span> : null}
        </li>
      ))}
    </ul>
  );
}
