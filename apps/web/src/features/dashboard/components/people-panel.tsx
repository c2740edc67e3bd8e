import type { HomePageData } from '@koma/shared/schemas';
import { Button, Card, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import type { PairingTarget } from '../../../components/pairing/apply-pairing-dialog';
import { PersonButton } from '../../../components/person/person-button';

type Person = HomePageData['editor'][number];

interface PeoplePanelProps {
  title: string;
  people: Person[] | undefined;
  onShowProfile: (userid: number) => void;
  onApply: (target: PairingTarget) => void;
  /** The home page's answer has not come yet: a skeleton, not "no data". */
  loading?: boolean;
}

/** おすすめの編集者 / おすすめの原作者: picture, name, match and 申請へ. */
export function PeoplePanel({ title, people, onShowProfile, onApply, loading = false }: PeoplePanelProps) {
  const { t } = useTranslation();
  return (
    <Card title={<h2 className="koma-card-heading">{title}</h2>} style={{ height: '100%' }}>
      {loading ? (
        <LoadingSkeleton avatar />
      ) : people?.length ? (
        <ul className="koma-people-list">
          {people.map((p) => (
            <li key={p.userid} className="koma-people-item">
              <PersonButton
                nickname={p.nick}
                pic={p.head}
                onClick={() => onShowProfile(p.userid)}
                size={40}
              />
              <Flex align="center" gap={12}>
                <span>{t('people.match', { percent: Math.ceil(p.match * 100) })}</span>
                {p.pairid === null ? (
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => onApply({ userid: p.userid, nickname: p.nick })}
                    aria-label={t('people.applyTo', { name: p.nick })}
                  >
                    {t('people.apply')}
                  </Button>
                ) : (
                  <Tag color="blue">{t('options.pairState.2')}</Tag>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
      )}
    </Card>
  );
}
