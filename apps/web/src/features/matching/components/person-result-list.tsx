import { PairState } from '@koma/shared/constants';
import { Button, Card, Col, Empty, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonButton } from '../../../components/person/person-button';
import type { PersonResult as Person } from '../api/find-cartoonser';

interface PersonResultListProps {
  people: Person[];
  onShowProfile: (userid: number) => void;
  onApply: (person: Person) => void;
}

/** Match percentage shown as ceil(100 × match)% (docs/matching.md). */
export const matchPercent = (match: number) => Math.ceil(match * 100);

/** Result cards: picture and nickname (open the profile), match and the pair state (docs/states.md). */
export function PersonResultList({ people, onShowProfile, onApply }: PersonResultListProps) {
  const { t } = useTranslation();
  if (people.length === 0) return <Empty description={t('common.noData')} />;
  return (
    <Row gutter={[16, 16]} role="list">
      {people.map((p) => (
        <Col xs={24} md={12} xl={8} key={p.userid} role="listitem">
          <Card size="small">
            <PersonButton nickname={p.nickname} pic={p.pic} onClick={() => onShowProfile(p.userid)} />
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                marginTop: 12,
              }}
            >
              <span>{t('people.match', { percent: matchPercent(p.match) })}</span>
              {p.state === PairState.NOT_APPLIED ? (
                <Button
                  type="primary"
                  onClick={() => onApply(p)}
                  aria-label={t('people.applyTo', { name: p.nickname })}
                >
                  {t('people.apply')}
                </Button>
              ) : (
                <Tag
                  // antd's green tag text falls short of WCAG AA contrast; koma-tag-ok does not.
                  className={p.state === PairState.AGREED ? 'koma-tag-ok' : undefined}
                  color={p.state === PairState.AGREED || p.state === PairState.REFUSED ? undefined : 'blue'}
                >
                  {t(`options.pairState.${p.state === 3 ? 3 : p.state === 4 ? 4 : 2}`)}
                </Tag>
              )}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
