import { type InviteScope, POSITIONS, referenceName } from '@koma/shared/constants';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useProjectChapters } from '../api/project-chapters';
import { scopeOptions, WHOLE_PROJECT } from '../lib/scope-options';

export { WHOLE_PROJECT };

export interface PartValues {
  scope?: number;
  posId?: number;
}

/** The form's values as the contract's part: a position for the whole project or one chapter. */
export function toPart(values: PartValues): { posId: number; chapterId: number | null } | null {
  if (values.scope === undefined || values.posId === undefined) return null;
  return { posId: values.posId, chapterId: values.scope === WHOLE_PROJECT ? null : values.scope };
}

/**
 * 担当する範囲 (プロジェクト全体 or one chapter of the project) and ポジション: the part an
 * invitation offers, and what a member's part changes into (docs/access.md, "Inviting"). With a
 * `scope`, only the scopes it holds are offered (an inviter of some chapters only).
 */
export function PartFields({ projectId, scope }: { projectId: number; scope?: InviteScope }) {
  // 0: no project chosen yet (the invitation from a profile picks one first).
  const { t } = useTranslation();
  const chapters = useProjectChapters(projectId, projectId > 0);
  const lang = currentLanguage();
  return (
    <>
      <Form.Item
        name="scope"
        label={t('invitations.scope')}
        rules={[{ required: true, message: t('invitations.scopeRequired') }]}
      >
        <Select
          loading={projectId > 0 && chapters.isPending}
          disabled={projectId === 0}
          options={scopeOptions(chapters.data ?? [], t('project.team.wholeProject'), scope)}
        />
      </Form.Item>
      <Form.Item
        name="posId"
        label={t('invitations.position')}
        rules={[{ required: true, message: t('invitations.positionRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('common.none')}
          options={POSITIONS.map((p) => ({ value: p.id, label: referenceName(POSITIONS, p.id, lang) }))}
        />
      </Form.Item>
    </>
  );
}
