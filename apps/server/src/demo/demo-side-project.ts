import { Readable } from 'node:stream';
import { LoginAttr, MemberKind, Position, RecruitKind, Role, UploadType } from '@koma/shared';
import { addDays, tokyoDay } from '../lib/calendar.js';
import type { Deps } from '../lib/deps.js';
import { createChaptersService } from '../modules/chapters/chapters.service.js';
import * as matchingRepo from '../modules/matching/matching.repository.js';
import { createMatchingService } from '../modules/matching/matching.service.js';
import { requireFounder, requireMember } from '../modules/projects/projects.policy.js';
import * as projectsRepo from '../modules/projects/projects.repository.js';
import { createProjectsService } from '../modules/projects/projects.service.js';
import { createRecruitmentService } from '../modules/recruitment/recruitment.service.js';
import { createSeatsService } from '../modules/seats/seats.service.js';
import { createUploadsService } from '../modules/uploads/uploads.service.js';
import { demoCover } from './demo-images.js';
import { demoAccount } from './demo-people.js';

export const SIDE_TITLE = '坂の上の喫茶ほしぞら';
export const SIDE_CHAPTER = '第1話 雨宿りの常連さん';

/**
 * 渡辺 蓮's own project, so that the people 「星降る町の図書館」 has no work for still find some on
 * their first login: its first chapter's name for 蓮 to write, a chapter recruitment for colour and
 * lettering that fits 佐藤 結衣 and 伊藤 美桜. 田中 誠 is its editor in charge too, so she edits two
 * serializations, this one late (its name was due yesterday), and offers 小林 彩 the 編集長's seat.
 * 山本 大輔, 副担当 of the first project, gets 鈴木 健太's pairing request. Made through the services, as the first
 * project is; false when it exists already.
 */
export async function seedDemoSideProject(deps: Deps, ids: Record<string, number>): Promise<boolean> {
  const id = demoAccount(ids);
  const ren = id('ren@demo.koma.example');
  const kenta = id('kenta@demo.koma.example');
  const kobayashi = id('editor.kobayashi@demo.koma.example');
  const tanaka = id('editor.tanaka@demo.koma.example');
  const yamamoto = id('editor.yamamoto@demo.koma.example');
  if ((await projectsRepo.listProjects(deps.db, ren, 'mine', SIDE_TITLE)).length > 0) return false;

  await pairUp(deps, ren, kobayashi, 'カフェが舞台の縦読みマンガを始めます。ご相談させてください。', true);
  await pairUp(deps, kenta, yamamoto, '背景美術を活かした読み切りの企画をご相談させてください。', false);

  const uploads = createUploadsService(deps);
  const picture = async (name: string) =>
    uploads.upload(ren, String(UploadType.COVER), {
      filename: name,
      stream: Readable.from(await demoCover(name)),
      truncated: () => false,
    });
  const cover = await picture('side-cover.png');
  const projectId = await createProjectsService(deps).save(
    { id: ren, nickname: '', loginattr: LoginAttr.CREATOR, roles: [Role.AUTHOR] },
    {
      icon: cover.path,
      title: SIDE_TITLE,
      kind: 2,
      type: 2,
      creativecap: [1, 2],
      typeb: [6, 12],
      content:
        '坂の上の小さな喫茶店に、雨の日だけ現れる常連さん。\nフルカラーの縦読みで描く、日常と恋のお話。',
      proposals: '',
      proposalfile: '',
    },
  );
  const founder = await requireFounder(deps.db, projectId, ren);
  const header = await picture('side-chapter-1.png');
  const today = tokyoDay();
  // Its name was due yesterday and is not in: the late one of 田中's two serializations, first on
  // her timeline (docs/schedule.md, "The editor's timeline").
  const chapterId = await createChaptersService(deps).add(ren, founder, {
    title: SIDE_CHAPTER,
    page: 8,
    icon: header.path,
    scriptAt: addDays(today, -1),
    checkAt: addDays(today, 40),
  });
  await createRecruitmentService(deps).add(founder, {
    kind: RecruitKind.CHAPTER,
    projectId,
    chapterId,
    stime: today,
    etime: addDays(today, 21),
    positions: [
      { position_id: Position.COLOUR_ASSISTANT, num: 1 },
      { position_id: Position.LETTERING_ASSISTANT, num: 1 },
    ],
    condition: 'フルカラー8ページ。着彩と写植をそれぞれお願いできる方（デジタル）',
  });
  const projects = createProjectsService(deps);
  await projects.inviteEditor(founder, tanaka);
  await projects.answerInvitation(tanaka, projectId, 1);
  // 小林 彩 is offered the 編集長's seat by 田中, and has yet to answer.
  await createSeatsService(deps).invite(
    await requireMember(deps.db, projectId, tanaka),
    tanaka,
    kobayashi,
    MemberKind.CHIEF,
  );
  return true;
}

/** A creator's pairing request to an editor, agreed when `agree`; nothing when the two have one. */
async function pairUp(deps: Deps, creator: number, editor: number, message: string, agree: boolean) {
  if (await matchingRepo.findPairBetween(deps.db, creator, editor)) return;
  const matching = createMatchingService(deps);
  await matching.apply(creator, editor, message);
  if (!agree) return;
  const pair = (await matching.incoming(editor)).find((p) => p.userid === creator);
  if (pair) await matching.deal(editor, pair.msgId, 1, 'ぜひ一度お話ししましょう。');
}
