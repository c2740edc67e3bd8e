import { Readable } from 'node:stream';
import { Position, RecruitKind, UploadType } from '@koma/shared';
import { addDays, tokyoDay } from '../lib/calendar.js';
import type { Deps } from '../lib/deps.js';
import { createChaptersService } from '../modules/chapters/chapters.service.js';
import { createPagesService } from '../modules/pages/pages.service.js';
import { createPrintService } from '../modules/print/print.service.js';
import { requireFounder, requireMember } from '../modules/projects/projects.policy.js';
import { createRecruitmentService } from '../modules/recruitment/recruitment.service.js';
import { createScheduleService } from '../modules/schedule/schedule.service.js';
import { createUploadsService, type IncomingFile } from '../modules/uploads/uploads.service.js';
import { createChapterAuditService } from '../modules/workflow/chapter-audit.service.js';
import { createWorkflowAssignmentService } from '../modules/workflow/workflow-assignment.service.js';
import { createWorkflowStepsService } from '../modules/workflow/workflow-steps.service.js';
import {
  demoCover,
  demoManuscript,
  demoPage,
  PRINT_NAME_PAGE,
  PRINT_PAGE,
  SMALL_PAGE,
} from './demo-images.js';
import { demoMarks } from './demo-marks.js';

export interface DemoTeam {
  projectId: number;
  founder: number;
  artist: number;
  background: number;
  /** The tone assistant, who joins 第3話 through its chapter recruitment. */
  assistant: number;
  editor: number;
  /** Real print-size pages (600-dpi B4, 52 MP) for the chapter in production; small ones otherwise. */
  printPages: boolean;
}

const file = (filename: string, data: Buffer): IncomingFile => ({
  filename,
  stream: Readable.from(data),
  truncated: () => false,
});

/**
 * Chapters of the demo project in every state of the production line (docs/states.md), made
 * through the services so they obey the API's rules: a name being written, a name awaiting the
 * editor, one in production with pages at every step status, one awaiting the final audit and
 * one completed (校了). Every page is a real image; with `printPages` those of the chapter in
 * production (storyboard and every handed-in step) are print-size, so its renditions and the
 * viewer's tiles are made from what artists really deliver (the render-page job makes them once
 * the server runs).
 */
export async function seedDemoChapters(deps: Deps, team: DemoTeam): Promise<void> {
  const { projectId, founder, artist, background, assistant, editor } = team;
  /** Each page's number, and the chapters drawn at print size. */
  const numOf = new Map<number, number>();
  const printChapters = new Set<number>();
  const sizeOf = (chapterId: number, name = false) =>
    printChapters.has(chapterId) ? (name ? PRINT_NAME_PAGE : PRINT_PAGE) : SMALL_PAGE;
  const chapters = createChaptersService(deps);
  const pages = createPagesService(deps);
  const uploads = createUploadsService(deps);
  const assignment = createWorkflowAssignmentService(deps);
  const steps = createWorkflowStepsService(deps);
  const audit = createChapterAuditService(deps);
  const schedule = createScheduleService(deps);
  const marks = demoMarks(deps);
  const today = tokyoDay();

  async function chapter(title: string, pageCount: number, weeks: number): Promise<number> {
    const header = await uploads.upload(
      founder,
      String(UploadType.COVER),
      file('header.png', await demoCover(title)),
    );
    return chapters.add(founder, await requireFounder(deps.db, projectId, founder), {
      title,
      page: pageCount,
      icon: header.path,
      scriptAt: addDays(today, weeks * 7),
      checkAt: addDays(today, weeks * 7 + 21),
    });
  }
  const pageIdsOf = async (chapterId: number) => {
    const member = await requireMember(deps.db, projectId, founder);
    // A fresh demo project has no watermark setting: the name is never drawn.
    const { list } = await pages.list(member, { id: founder, nickname: '' }, chapterId, 'ja');
    for (const p of list) numOf.set(p.id, p.num);
    return list.map((p) => p.id);
  };

  /** The founder uploads the storyboard pages (the first `count`, or all). */
  async function drawNames(chapterId: number, count?: number): Promise<number[]> {
    const ids = await pageIdsOf(chapterId);
    for (const [i, pageId] of ids.slice(0, count ?? ids.length).entries())
      await pages.upload(
        founder,
        { projectId, pageId },
        file(`name-${i + 1}.png`, await demoPage(`${chapterId}-${i}`, 0, i + 1, sizeOf(chapterId, true))),
        'ja',
      );
    return ids;
  }

  /** Storyboard submitted and approved page by page, then as a whole: status 2. */
  async function approveNames(chapterId: number): Promise<number[]> {
    const ids = await drawNames(chapterId);
    await pages.commit(founder, projectId, chapterId);
    const editorAccess = await requireMember(deps.db, projectId, editor);
    for (const pageId of ids)
      await pages.review(editorAccess, editor, { pageId, checkStatus: 1, remark: '' });
    await pages.check(editor, editorAccess, { projectId, chapterId, checkStatus: 1, chapterNote: '' });
    return ids;
  }

  /**
   * Pencils and inks (main artist), then backgrounds (background designer), on every page; with
   * `tones`, the tone assistant's screentones last.
   */
  async function plan(chapterId: number, ids: number[], tones = false): Promise<void> {
    const flow = [
      { posId: Position.MAIN_ARTIST, ownerUserId: artist },
      { posId: Position.BACKGROUND_DESIGN, ownerUserId: background },
      ...(tones ? [{ posId: Position.TONE_ASSISTANT, ownerUserId: assistant }] : []),
    ];
    await assignment.save(await requireFounder(deps.db, projectId, founder), {
      projectId,
      chapterId,
      pages: ids.map((pageId) => ({ pageId, steps: flow })),
    });
  }

  const currentStep = async (chapterId: number, pageId: number, userId: number) =>
    (await steps.pageDetail(userId, await requireMember(deps.db, projectId, userId), chapterId, pageId, 'ja'))
      .current_step;

  /**
   * Hands in a drawing for the page's current step as its assignee; `stage` picks how finished it
   * looks. A step sent back is handed in again without being started.
   */
  async function handIn(chapterId: number, pageId: number, stage: number, again = false) {
    const step = await currentStep(chapterId, pageId, founder);
    if (!step) throw new Error('no current step');
    const who = step.current_user_id;
    if (!again) await steps.start(who, projectId, step.step_id);
    const drawing = await uploads.upload(
      who,
      String(UploadType.PAGE),
      file(
        `page-${pageId}-${stage}.tif`,
        await demoManuscript(`${pageId}`, stage, numOf.get(pageId) ?? 1, sizeOf(chapterId)),
      ),
    );
    await steps.commit(who, projectId, step.step_id, drawing.path);
    return step.step_id;
  }
  /** The page's current steps handed in and passed by the founder, `count` of them. */
  async function passSteps(chapterId: number, pageId: number, count: number) {
    for (let stage = 1; stage <= count; stage++)
      await steps.pass(founder, projectId, await handIn(chapterId, pageId, stage + 1));
  }
  async function finishPage(chapterId: number, pageId: number) {
    for (let stage = 1; (await currentStep(chapterId, pageId, founder)) !== null; stage++)
      await steps.pass(founder, projectId, await handIn(chapterId, pageId, stage + 1));
  }

  // 第1話 (made by the project seed): a name being written, three pages drawn so far.
  const [first] = await chapters.list(await requireMember(deps.db, projectId, founder), 'ja');
  if (first) await drawNames(first.id, 3);

  // 第2話: the name awaits the editor, who has passed one page so far.
  const second = await chapter('第2話 閉館後の訪問者', 4, 3);
  const secondPages = await drawNames(second);
  await pages.commit(founder, projectId, second);
  if (secondPages[0])
    await pages.review(await requireMember(deps.db, projectId, editor), editor, {
      pageId: secondPages[0],
      checkStatus: 1,
      remark: '',
    });
  // Red-pen marks (docs/marks.md): the editor's on page 2 of the name, one answered, one resolved.
  if (secondPages[1])
    await marks.onStoryboard(secondPages[1], sizeOf(second, true), [
      {
        shape: { type: 'ellipse', x: 40, y: 310, w: 240, h: 230 },
        comment: 'このコマは引きの絵にした方が緊張感が出ます。',
        author: editor,
        replies: [[founder, '検討します。背景を広めに描いてみます。']],
      },
      {
        shape: { type: 'rect', x: 330, y: 320, w: 220, h: 120 },
        color: 'green',
        comment: 'セリフが長いので、吹き出しを2つに分けましょう。',
        author: editor,
        state: { to: 'resolved', resolvedBy: founder },
      },
    ]);

  // 第3話: in production, its pages at every step status. Its tones are recruited for the chapter
  // alone: the assistant applied and was taken on, so the work flow may give her the last step.
  const third = await chapter('第3話 本の中の空', 7, 5);
  if (team.printPages) printChapters.add(third);
  const thirdPages = await approveNames(third);
  await hireAssistant(third);
  await plan(third, thirdPages, true);
  const [p1, p2, p3, p4] = thirdPages;
  if (p1 && p2 && p3 && p4) {
    await finishPage(third, p1); // 完了
    await passSteps(third, p2, 1); // backgrounds not started (0)
    // Pencils sent back with red-pen marks, then handed in again: awaiting approval (5). The
    // artist resolved both marks; the founder confirmed one, the other waits for him.
    const redrawn = await handIn(third, p3, 1);
    await marks.onStep(redrawn, sizeOf(third), [
      {
        shape: { type: 'ellipse', x: 60, y: 60, w: 200, h: 170 },
        comment: '顔のアタリが小さいです。もう一回り大きくお願いします。',
        author: founder,
        replies: [[artist, '大きくしました。ご確認ください。']],
        state: { to: 'confirmed', resolvedBy: artist, confirmedBy: founder },
      },
      {
        shape: {
          type: 'pen',
          points: [
            [330, 340],
            [370, 330],
            [410, 345],
            [450, 365],
            [500, 400],
          ],
        },
        color: 'blue',
        comment: '背景のパースが狂っています。消失点を合わせてください。',
        author: founder,
        state: { to: 'resolved', resolvedBy: artist },
      },
    ]);
    await steps.reject(founder, projectId, redrawn, '赤入れの2か所をお願いします。', '');
    await handIn(third, p3, 2, true);
    const sentBack = await handIn(third, p4, 1);
    // The sent-back pencils carry the founder's open marks: a rectangle, an arrow and words.
    await marks.onStep(sentBack, sizeOf(third), [
      {
        shape: { type: 'rect', x: 40, y: 310, w: 240, h: 230 },
        comment: '2コマ目の表情をもう少し柔らかく。',
        author: founder,
        replies: [
          [artist, '口元を緩めてみます。'],
          [founder, 'お願いします！'],
        ],
      },
      {
        shape: { type: 'arrow', from: [520, 470], to: [430, 380] },
        color: 'orange',
        comment: '吹き出しの尻尾は右の人物に向けてください。',
        author: founder,
      },
      {
        shape: { type: 'text', x: 340, y: 640, text: 'ここ修正' },
        comment: '手の形が不自然です。資料を参照してください。',
        author: founder,
      },
    ]);
    await steps.reject(founder, projectId, sentBack, '2コマ目の表情をもう少し柔らかくお願いします。', ''); // -10
    // The fifth page: pencils in progress (1).
    const p5 = thirdPages[4];
    const step = p5 ? await currentStep(third, p5, founder) : null;
    if (step) await steps.start(step.current_user_id, projectId, step.step_id);
    // Due days (docs/schedule.md): the sent-back pencils are a day overdue, the fifth page's
    // pencils are due in two days (a reminder the next morning), both moved by the founder.
    const founderAccess = await requireFounder(deps.db, projectId, founder);
    await schedule.moveDue(founderAccess, founder, third, sentBack, addDays(today, -1));
    if (step) await schedule.moveDue(founderAccess, founder, third, step.step_id, addDays(today, 2));
  }
  const [p6, p7] = thirdPages.slice(5);
  if (p6 && p7) await assistantWork(third, p6, p7);

  /** The chapter's recruitment of a tone assistant (one seat), and the assistant taken on. */
  async function hireAssistant(chapterId: number) {
    const recruitment = createRecruitmentService(deps);
    const founderAccess = await requireFounder(deps.db, projectId, founder);
    const target = { kind: RecruitKind.CHAPTER, projectId, chapterId };
    await recruitment.add(founderAccess, {
      ...target,
      stime: today,
      etime: addDays(today, 14),
      positions: [{ position_id: Position.TONE_ASSISTANT, num: 1 }],
      condition: 'トーン・ベタを7ページ、2週間でお願いできる方',
    });
    const posId = Position.TONE_ASSISTANT;
    await recruitment.apply(assistant, { ...target, posId, message: 'トーン処理が得意です。' }, 'ja');
    await recruitment.decide(founderAccess, { ...target, posId, userId: assistant }, true, 'ja');
  }

  /**
   * The tone assistant's work on 第3話: one page whose tones she may start now (0), and one whose
   * tones the main artist sent back (-10) with his open red-pen marks on what she handed in.
   */
  async function assistantWork(chapterId: number, ready: number, sentBackPage: number) {
    await passSteps(chapterId, ready, 2);
    await passSteps(chapterId, sentBackPage, 2);
    const tones = await handIn(chapterId, sentBackPage, 3);
    await marks.onStep(tones, sizeOf(chapterId), [
      {
        shape: { type: 'rect', x: 30, y: 30, w: 540, h: 250 },
        comment: '1コマ目の空は夜なので、トーンをもう一段暗くしてください。',
        author: artist,
      },
      {
        shape: { type: 'ellipse', x: 370, y: 390, w: 140, h: 90 },
        color: 'blue',
        comment: 'このベタが抜けています。',
        author: artist,
      },
    ]);
    await steps.reject(artist, projectId, tones, '赤入れの2か所、トーンとベタの修正をお願いします。', '');
  }

  // 第4話: every page done, the final audit requested.
  const fourth = await chapter('第4話 司書の秘密', 2, 7);
  const fourthPages = await approveNames(fourth);
  await plan(fourth, fourthPages);
  for (const pageId of fourthPages) await finishPage(fourth, pageId);
  await audit.submit(await requireFounder(deps.db, projectId, founder), fourth);

  // An extra episode, completed (校了).
  const pilot = await chapter('番外編 星の図書館の夜', 2, 1);
  const pilotPages = await approveNames(pilot);
  await plan(pilot, pilotPages);
  for (const pageId of pilotPages) await finishPage(pilot, pageId);
  await audit.submit(await requireFounder(deps.db, projectId, founder), pilot);
  await audit.pass(editor, await requireMember(deps.db, projectId, editor), pilot, 'ja');

  // The magazine's print specification, set by the founder once its pages are drawn (set before,
  // the final audits above would have waited for the renders the server makes once it runs).
  await createPrintService(deps).saveProjectSpec(
    await requireFounder(deps.db, projectId, founder),
    founder,
    DEMO_PRINT_SPEC,
  );
}

/**
 * 商業誌 B5 drawn on B4 at 600 dpi in 1-bit mono (docs/print.md, "The drawn page"): what a
 * magazine serialisation asks, and what the chapter in production's print-size pages are
 * (demoManuscript at PRINT_PAGE), so its preflight finds nothing in the files handed in.
 */
export const DEMO_PRINT_SPEC = {
  preset: 'magazineB5',
  colour: 'mono',
  dpi: 600,
  drawnPaper: 'b4',
} as const;
