import { MemberKind } from '@koma/shared/constants';
import type { ProjectDetailData } from '@koma/shared/schemas';
import { Button, Empty, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonButton } from '../../../components/person/person-button';
import { partLabel } from '../../invitations';
import { useAllowInviter } from '../api/allow-inviter';
import { ChangePartDialog } from './change-part-dialog';
import { MemberLeaveDialog } from './member-leave-dialog';

type Member = ProjectDetailData['users'][number];
type HeldPart = Member['parts'][number];

/** The founder's view of a member's parts: each with 担当を変更. */
function PartList({ member, onChange }: { member: Member; onChange: (part: HeldPart) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="koma-member-parts">
      {member.parts.map((part) => {
        const label = partLabel(t, part);
        return (
          <li key={`${part.pos_id}-${part.chapter_id ?? 0}`}>
            <span>{label}</span>
            <Button
              size="small"
              type="link"
              aria-label={t('invitations.change.buttonLabel', { name: member.userName, part: label })}
              onClick={() => onChange(part)}
            >
              {t('invitations.change.button')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The founder's 招待を任せる switch on a member's card (docs/access.md, "Inviting"). */
function InviterSwitch({
  projectId,
  member,
  allowed,
}: {
  projectId: number;
  member: Member;
  allowed: boolean;
}) {
  const { t } = useTranslation();
  const allow = useAllowInviter();
  return (
    <span className="koma-member-inviter">
      <Switch
        size="small"
        checked={allowed}
        loading={allow.isPending}
        aria-label={t('project.team.allowInviteLabel', { name: member.userName })}
        onChange={(on) => allow.mutate({ projectId, userId: member.userId, allow: on })}
      />
      <span aria-hidden="true">{t('project.team.allowInvite')}</span>
    </span>
  );
}

interface MemberListProps {
  projectId: number;
  members: Member[];
  /** The viewer: the founder may remove members; a member may leave. */
  viewerId: number;
  isFounder: boolean;
  /** The members the founder allowed to invite. */
  inviters: number[];
  onShowProfile: (uid: number) => void;
  /** The viewer left the project. */
  onLeft: () => void;
}

/**
 * Members with picture, name (opens the profile popup), role and a 友達 badge; the founder's
 * 担当を変更 on each part, 招待を任せる and 外す on every other member, and the member's own
 * プロジェクトを抜ける.
 */
export function MemberList({
  projectId,
  members,
  viewerId,
  isFounder,
  inviters,
  onShowProfile,
  onLeft,
}: MemberListProps) {
  const { t } = useTranslation();
  const [ending, setEnding] = useState<{ member: Member; mode: 'remove' | 'leave' } | null>(null);
  const [changing, setChanging] = useState<{ member: Member; part: HeldPart } | null>(null);
  if (members.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.detail.noMembers')} />;
  const actionFor = (m: Member) => {
    if (m.kind === MemberKind.FOUNDER) return null;
    if (isFounder) return { mode: 'remove' as const, label: t('project.team.remove') };
    if (m.userId === viewerId) return { mode: 'leave' as const, label: t('project.team.leave') };
    return null;
  };
  return (
    <>
      <ul className="koma-member-list">
        {members.map((m) => {
          const action = actionFor(m);
          return (
            <li key={`${m.userId}-${m.kind}`} className="koma-member">
              <PersonButton
                nickname={m.userName}
                pic={m.userImg}
                size={40}
                onClick={() => onShowProfile(m.userId)}
              />
              <div>
                {m.kind === MemberKind.FOUNDER ? (
                  <Tag color="geekblue">{t('project.detail.founder')}</Tag>
                ) : null}
                {m.kind === MemberKind.EDITOR ? <Tag color="purple">{t('project.detail.editor')}</Tag> : null}
                {m.isFriend ? <Tag className="koma-tag-ok">{t('project.detail.friend')}</Tag> : null}
                {!isFounder && inviters.includes(m.userId) ? <Tag>{t('project.team.mayInvite')}</Tag> : null}
              </div>
              {isFounder && m.parts.length > 0 ? (
                <PartList member={m} onChange={(part) => setChanging({ member: m, part })} />
              ) : m.role ? (
                <span className="koma-muted">{m.role}</span>
              ) : null}
              {isFounder && m.kind !== MemberKind.FOUNDER ? (
                <InviterSwitch projectId={projectId} member={m} allowed={inviters.includes(m.userId)} />
              ) : null}
              {action ? (
                <Button
                  size="small"
                  danger
                  className="koma-member-action"
                  aria-label={
                    action.mode === 'remove' ? t('project.team.removeTitle', { name: m.userName }) : undefined
                  }
                  onClick={() => setEnding({ member: m, mode: action.mode })}
                >
                  {action.label}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {ending ? (
        <MemberLeaveDialog
          projectId={projectId}
          member={ending.member}
          mode={ending.mode}
          open
          onClose={() => setEnding(null)}
          onDone={() => {
            setEnding(null);
            if (ending.mode === 'leave') onLeft();
          }}
        />
      ) : null}
      {changing ? (
        <ChangePartDialog
          projectId={projectId}
          member={changing.member}
          part={changing.part}
          onClose={() => setChanging(null)}
        />
      ) : null}
    </>
  );
}
