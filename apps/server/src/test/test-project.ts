import { MemberKind, Position, ProductionType, ProjectKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { projectMembers, projects } from '../modules/projects/projects.table.js';
import type { Person } from './people-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * Test helper: a project written straight into the tables (not through the projects API): the
 * founder, `members` as main artists and `editor` as the editor in charge. Returns the project id.
 */
export async function createTestProject(
  t: TestApp,
  founder: Person,
  {
    members = [],
    editor,
    title = 'テスト企画',
  }: { members?: Person[]; editor?: Person; title?: string } = {},
): Promise<number> {
  const { db } = t.app.deps;
  const [project] = await db
    .insert(projects)
    .values({
      userId: founder.id,
      title,
      icon: contract.uploads.file.path.replace('*', '3/x.png'),
      kind: ProjectKind.ONE_SHOT,
      type: ProductionType.COMMERCIAL,
      content: 'あらすじ',
    })
    .returning({ id: projects.id });
  if (!project) throw new Error('project not inserted');
  // The founder has a member row too, as projects made through the API do (memberIds reads them).
  const rows = [
    { projectId: project.id, userId: founder.id, kind: MemberKind.FOUNDER, positionId: 0 },
    ...members.map((m) => ({
      projectId: project.id,
      userId: m.id,
      kind: MemberKind.MEMBER,
      positionId: Position.MAIN_ARTIST,
    })),
    ...(editor ? [{ projectId: project.id, userId: editor.id, kind: MemberKind.EDITOR, positionId: 0 }] : []),
  ];
  await db.insert(projectMembers).values(rows);
  return project.id;
}
