import { ApplicationStatus, POSITIONS, referenceName } from '@koma/shared/constants';
import { Button, Flex, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList } from '../../../components/card-list/card-list';
import { PersonButton } from '../../../components/person/person-button';
import { tableEmpty } from '../../../components/table-empty';
import { formatTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { usePhone } from '../../../lib/use-phone';
import type { Applicant } from '../api/apply-list';
import { useDecideApplicant } from '../api/decide-applicant';
import type { RecruitTarget } from '../api/recruit-detail';

interface ApplicantTableProps {
  applicants: Applicant[];
  loading: boolean;
  target: RecruitTarget;
  isFounder: boolean;
  /** Positions with as many accepted as their number: 受け入れ is off (the server answers 409). */
  filledPositions: ReadonlySet<number>;
  kindLabel: string;
  onShowProfile: (uid: number) => void;
}

/**
 * Applicants (docs/states.md, application): picture and nickname (profile popup), position, message and status;
 * pending ones get 受け入れ / お断り for the founder, others show 受入済 / お断り済み. On a phone, cards.
 */
export function ApplicantTable(props: ApplicantTableProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const decide = useDecideApplicant();
  const phone = usePhone();
  const positionName = (a: Applicant) =>
    POSITIONS.some((p) => p.id === a.pos_id) ? referenceName(POSITIONS, a.pos_id, lang) : a.position;

  const status = (a: Applicant) => {
    if (a.status === ApplicationStatus.ACCEPTED)
      return <Tag className="koma-tag-ok">{t('project.recruit.applicantStatus.10')}</Tag>;
    if (a.status === ApplicationStatus.REJECTED) return <Tag>{t('project.recruit.applicantStatus.-10')}</Tag>;
    if (!props.isFounder) return <Tag color="blue">{t('project.recruit.applicantStatus.0')}</Tag>;
    const names = { name: a.user.nickname, position: positionName(a) };
    const filled = props.filledPositions.has(a.pos_id);
    const send = (decision: 'accept' | 'reject') =>
      decide.mutate({ target: props.target, posId: a.pos_id, userId: a.user.id, decision });
    return (
      <Flex gap={8} wrap>
        <Tooltip title={filled ? t('project.recruit.acceptFilled') : undefined}>
          <Button
            type="primary"
            size="small"
            disabled={decide.isPending || filled}
            onClick={() => send('accept')}
            aria-label={t('project.recruit.acceptWho', names)}
            aria-description={filled ? t('project.recruit.acceptFilled') : undefined}
          >
            {t('project.recruit.accept')}
          </Button>
        </Tooltip>
        <Button
          danger
          size="small"
          disabled={decide.isPending}
          onClick={() => send('reject')}
          aria-label={t('project.recruit.rejectWho', names)}
        >
          {t('project.recruit.reject')}
        </Button>
      </Flex>
    );
  };

  const person = (a: Applicant) => (
    <PersonButton
      nickname={a.user.nickname}
      pic={a.user.pic}
      size={32}
      onClick={() => props.onShowProfile(a.user.id)}
    />
  );
  const message = (a: Applicant) => <span className="koma-prewrap">{a.message}</span>;

  // On a phone each applicant is a card, 受け入れ and お断り within the screen (issue 30 §5).
  if (phone)
    return (
      <CardList
        items={props.applicants}
        itemKey={(a) => a.id}
        label={t('project.recruit.applicantsTable', { kind: props.kindLabel })}
        empty={t('project.recruit.noApplicants')}
        pending={props.loading}
        renderItem={(a) => (
          <>
            {person(a)}
            <CardFacts
              facts={[
                { key: 'position', label: t('project.recruit.position'), value: positionName(a) },
                { key: 'message', label: t('project.recruit.message'), value: message(a) },
                { key: 'applied', label: t('project.recruit.applied'), value: formatTime(a.create_time) },
                { key: 'status', label: t('project.recruit.state'), value: status(a) },
              ]}
            />
          </>
        )}
      />
    );

  const columns: TableColumnsType<Applicant> = [
    { key: 'user', title: t('project.recruit.applicant'), render: (_, a) => person(a) },
    { key: 'position', title: t('project.recruit.position'), render: (_, a) => positionName(a) },
    {
      key: 'message',
      title: t('project.recruit.message'),
      render: (_, a) => message(a),
    },
    {
      key: 'applied',
      title: t('project.recruit.applied'),
      width: 150,
      render: (_, a) => formatTime(a.create_time),
    },
    { key: 'status', title: t('project.recruit.state'), width: 190, render: (_, a) => status(a) },
  ];

  return (
    <Table<Applicant>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={props.applicants}
      loading={props.loading && props.applicants.length > 0}
      pagination={false}
      scroll={{ x: 720 }}
      locale={{ emptyText: tableEmpty(t('project.recruit.noApplicants'), props.loading) }}
      aria-label={t('project.recruit.applicantsTable', { kind: props.kindLabel })}
    />
  );
}
