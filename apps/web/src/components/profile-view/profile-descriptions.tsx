import {
  AFFILIATIONS,
  CREATIVECAPS,
  GENRES,
  LoginAttr,
  MEDIAS,
  METHODS,
  POSITIONS,
} from '@koma/shared/constants';
import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { AchievementList } from './achievement-list';
import { type ProfileValues, referenceNames, safeHttpUrl } from './profile-values';
import './profile-view.css';

interface ProfileDescriptionsProps {
  profile: ProfileValues;
  /** The confirmation screen also lists the registration attribute and the nickname. */
  withIdentity?: boolean;
  achievements: 'popover' | 'list';
}

/** Every value of a profile as plain text (line breaks kept, no HTML from users). */
export function ProfileDescriptions({
  profile: p,
  withIdentity = false,
  achievements,
}: ProfileDescriptionsProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const creator = p.loginattr === LoginAttr.CREATOR;
  const empty = t('common.notEntered');
  const sep = t('common.listSeparator');
  const join = (names: string[]) => names.join(sep) || empty;
  const text = (value: string) => <span className="koma-prewrap">{value || empty}</span>;
  const list = (values: string[]) =>
    values.length ? (
      <ul className="koma-plain-list">
        {values.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: free texts may repeat; the order is the identity
          <li key={i} className="koma-prewrap">
            {v}
          </li>
        ))}
      </ul>
    ) : (
      empty
    );
  const url = safeHttpUrl(p.introduce);

  const items: { key: string; label: string; children: ReactNode; show?: boolean }[] = [
    {
      key: 'loginattr',
      label: t('fields.loginAttr'),
      children: t(creator ? 'options.loginAttr.1' : 'options.loginAttr.2'),
      show: withIdentity,
    },
    {
      key: 'positions',
      label: t('fields.positions'),
      children: join(referenceNames(POSITIONS, p.positions, lang)),
      show: creator,
    },
    { key: 'medias', label: t('fields.medias'), children: join(referenceNames(MEDIAS, p.medias, lang)) },
    {
      key: 'typebigs',
      label: t('fields.typebigs'),
      children: join(referenceNames(GENRES, p.typebigs, lang)),
    },
    { key: 'nickname', label: t('fields.nickname'), children: text(p.nickname), show: withIdentity },
    {
      key: 'type',
      label: t('fields.creativecap'),
      children: join(referenceNames(CREATIVECAPS, p.type, lang)),
    },
    {
      key: 'method',
      label: t('fields.methods'),
      children: join(referenceNames(METHODS, p.method, lang)),
      show: creator,
    },
    {
      key: 'experience',
      label: t('fields.experience'),
      children: join(p.experience.map((e) => t(e === 1 ? 'options.experience.1' : 'options.experience.2'))),
      show: creator,
    },
    {
      key: 'drawmethod',
      label: t('fields.affiliation'),
      children: p.drawmethod ? join(referenceNames(AFFILIATIONS, [p.drawmethod], lang)) : empty,
      show: !creator,
    },
    {
      key: 'adscartoon',
      label: t('fields.adscartoon'),
      children: p.adscartoon
        ? t(p.adscartoon === 1 ? 'options.adscartoon.1' : 'options.adscartoon.2')
        : empty,
    },
    {
      key: 'publish',
      label: t('fields.publish'),
      children: p.publish ? t(p.publish === 1 ? 'options.publish.1' : 'options.publish.2') : empty,
    },
    { key: 'introduction', label: t('fields.introduction'), children: text(p.introduction) },
    { key: 'cartoon', label: t('fields.cartoon'), children: text(p.cartoon) },
    { key: 'cartooner', label: t('fields.cartooner'), children: text(p.cartooner) },
    { key: 'cute', label: t('fields.cute'), children: text(p.cute) },
    { key: 'theme', label: t('fields.theme'), children: list(p.theme) },
    { key: 'reward', label: t('fields.reward'), children: list(p.reward) },
    {
      key: 'introduce',
      label: t('fields.introduce'),
      children: url ? (
        <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="koma-break">
          {p.introduce}
        </a>
      ) : (
        text(p.introduce)
      ),
    },
    {
      key: 'achievements',
      label: t('fields.achievements'),
      children: <AchievementList achievements={p.achievements} mode={achievements} />,
    },
  ];

  const shown: DescriptionsProps['items'] = items
    .filter((item) => item.show !== false)
    .map(({ key, label, children }) => ({ key, label, children }));

  return (
    <Descriptions
      bordered
      column={1}
      size="small"
      items={shown}
      styles={{ label: { width: '30%', minWidth: 110 } }}
    />
  );
}
