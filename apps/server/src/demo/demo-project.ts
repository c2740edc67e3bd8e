import { Readable } from 'node:stream';
import { LoginAttr, MemberKind, Role } from '@koma/shared';
import { addDays, tokyoDay } from '../lib/calendar.js';
import type { Deps } from '../lib/deps.js';
import { createBoardService } from '../modules/board/board.service.js';
import { createChaptersService } from '../modules/chapters/chapters.service.js';
import { createFoldersService } from '../modules/folders/folders.service.js';
import * as friendsRepo from '../modules/friends/friends.repository.js';
import { createFriendsService } from '../modules/friends/friends.service.js';
import { createInvitationAnswersService } from '../modules/invitations/invitation-answers.service.js';
import { createInvitationsService } from '../modules/invitations/invitations.service.js';
import { createMatchingService } from '../modules/matching/matching.service.js';
import { requireFounder, requireMember } from '../modules/projects/projects.policy.js';
import * as projectsRepo from '../modules/projects/projects.repository.js';
import { createProjectsService } from '../modules/projects/projects.service.js';
import { createRecruitmentService } from '../modules/recruitment/recruitment.service.js';
import { createSeatsService } from '../modules/seats/seats.service.js';
import { createUploadsService } from '../modules/uploads/uploads.service.js';
import { demoCover } from './demo-images.js';
import { demoAccount } from './demo-people.js';
import { seedDemoChapters } from './demo-production.js';

const TITLE = '星降る町の図書館';

/**
 * A project to click through, made through the same services as the API so it obeys the same
 * rules: a pairing and a friendship, a project with a main artist, an editor in charge, an open
 * recruitment with a pending applicant, board posts, a folder, and chapters in every state of
 * production (demo-production.ts). With `printPages`, the chapter in production has print-size pages.
 */
export async function seedDemoProject(
  deps: Deps,
  ids: Record<string, number>,
  { printPages = false } = {},
): Promise<boolean> {
  const id = demoAccount(ids);
  const sakura = id('sakura@demo.koma.example');
  const haruto = id('haruto@demo.koma.example');
  const ren = id('ren@demo.koma.example');
  const kenta = id('kenta@demo.koma.example');
  const yui = id('yui@demo.koma.example');
  const tanaka = id('editor.tanaka@demo.koma.example');
  const existing = await projectsRepo.listProjects(deps.db, sakura, 'mine', TITLE);
  if (existing.length > 0) return false;

  const matching = createMatchingService(deps);
  const friends = createFriendsService(deps);
  if (!(await friendsRepo.areFriends(deps.db, sakura, tanaka))) {
    await matching.apply(sakura, tanaka, 'ファンタジーの新作でご相談させてください。');
    const [pair] = await matching.incoming(tanaka);
    if (pair) await matching.deal(tanaka, pair.msgId, 1, 'ぜひお話を聞かせてください。');
    await friends.apply(sakura, haruto, '作画でご一緒できたら嬉しいです。');
    const [request] = await friends.wanted(haruto);
    if (request) await friends.deal(haruto, request.msgId, 1, '');
  }

  const uploads = createUploadsService(deps);
  const upload = async (userId: number, name: string) =>
    uploads.upload(userId, '3', {
      filename: name,
      stream: Readable.from(await demoCover(name)),
      truncated: () => false,
    });
  const cover = await upload(sakura, 'cover.png');
  const projects = createProjectsService(deps);
  const projectId = await projects.save(
    { id: sakura, nickname: '', loginattr: LoginAttr.CREATOR, roles: [Role.AUTHOR] },
    {
      icon: cover.path,
      title: TITLE,
      kind: 2,
      type: 2,
      creativecap: [1],
      typeb: [5, 12],
      content: '夜ごと星が降る小さな町。\n閉館後の図書館で、本の中から落ちてきた少女と司書の青年が出会う。',
      proposals: '',
      proposalfile: '',
    },
  );

  const recruitment = createRecruitmentService(deps);
  const today = tokyoDay();
  const founder = await requireFounder(deps.db, projectId, sakura);
  await recruitment.add(founder, {
    kind: 1,
    projectId,
    stime: today,
    etime: addDays(today, 30),
    positions: [
      { position_id: 2, num: 1 },
      { position_id: 4, num: 1 },
      { position_id: 5, num: 1 },
    ],
    condition: 'デジタル作画、週1回のオンライン打ち合わせに参加できる方',
  });
  await recruitment.apply(haruto, { kind: 1, projectId, posId: 2, message: '背景込みで描けます。' }, 'ja');
  await recruitment.decide(founder, { kind: 1, projectId, posId: 2, userId: haruto }, true, 'ja');
  await recruitment.apply(kenta, { kind: 1, projectId, posId: 5, message: '背景美術を担当します。' }, 'ja');
  await recruitment.decide(founder, { kind: 1, projectId, posId: 5, userId: kenta }, true, 'ja');
  await recruitment.apply(
    ren,
    { kind: 1, projectId, posId: 4, message: 'キャラクターデザインを担当したいです。' },
    'ja',
  );
  await projects.inviteEditor(founder, tanaka);
  await projects.answerInvitation(tanaka, projectId, 1);
  await seatDeputy(deps, projectId, tanaka, id('editor.yamamoto@demo.koma.example'));

  const board = createBoardService(deps);
  await board.add(
    { id: sakura, nickname: '桜井 さくら' },
    await requireMember(deps.db, projectId, sakura),
    'よろしくお願いします！設定資料をフォルダに置きました。',
  );
  await board.add(
    { id: haruto, nickname: '高橋 陽翔' },
    await requireMember(deps.db, projectId, haruto),
    '確認しました。来週までにラフを上げます。',
  );
  await createFoldersService(deps).makeDir(sakura, founder, '設定資料');
  const header = await upload(sakura, 'chapter-1.png');
  await createChaptersService(deps).add(sakura, await requireFounder(deps.db, projectId, sakura), {
    title: '第1話 星の落ちる夜',
    page: 16,
    icon: header.path,
    scriptAt: addDays(today, 14),
    checkAt: addDays(today, 45),
  });
  await seedDemoChapters(deps, {
    projectId,
    founder: sakura,
    artist: haruto,
    background: kenta,
    assistant: yui,
    editor: tanaka,
    printPages,
  });
  return true;
}

/**
 * 山本 大輔 as 副担当 beside 田中 (docs/access.md, "Editorial seats"): invited by the editor in charge
 * and accepted, as the screens do it.
 */
async function seatDeputy(deps: Deps, projectId: number, editor: number, deputy: number) {
  await createSeatsService(deps).invite(
    await requireMember(deps.db, projectId, editor),
    editor,
    deputy,
    MemberKind.DEPUTY,
  );
  const invitation = (await createInvitationsService(deps).mine(deputy, 'ja')).list.find(
    (i) => i.project.id === projectId,
  );
  if (invitation) await createInvitationAnswersService(deps).answer(deputy, invitation.id, true);
}
