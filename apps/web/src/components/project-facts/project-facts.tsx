import { Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { creativecapNames, genreNames, kindText, typeText } from './project-labels';

export interface ProjectFactsValues {
  kind: number | null;
  type: number | null;
  typeb: readonly number[];
  creativecap: readonly number[];
  content: string;
}

interface ProjectFactsProps {
  project: ProjectFactsValues;
  /** Rows shown before the common ones (e.g. title, author). */
  before?: DescriptionsProps['items'];
  /** Rows shown before the summary (e.g. proposal file, editor). */
  after?: DescriptionsProps['items'];
}

const tags = (names: string[], empty: string) =>
  names.length ? names.map((name) => <Tag key={name}>{name}</Tag>) : empty;

/**
 * A project's facts: manga type, production kind, genres, creation/essay and the
 * summary, shown as plain text with its line breaks (docs/files.md).
 */
export function ProjectFacts({ project, before = [], after = [] }: ProjectFactsProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const items: DescriptionsProps['items'] = [
    ...before,
    { key: 'kind', label: t('project.fields.kind'), children: kindText(t, project.kind) },
    { key: 'type', label: t('project.fields.type'), children: typeText(t, project.type) },
    {
      key: 'typeb',
      label: t('project.fields.typeb'),
      children: tags(genreNames(project.typeb, lang), t('common.notEntered')),
    },
    {
      key: 'creativecap',
      label: t('project.fields.creativecap'),
      children: tags(creativecapNames(project.creativecap, lang), t('common.notEntered')),
    },
    ...after,
    {
      key: 'content',
      label: t('project.fields.summary'),
      children: <div className="koma-prewrap">{project.content}</div>,
    },
  ];
  return <Descriptions bordered column={1} size="small" items={items} styles={{ label: { width: 160 } }} />;
}
