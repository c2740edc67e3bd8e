import { Readable } from 'node:stream';
import { type ChapterStatus, DraftPageStatus, LIMITS, type StepStatus, UploadType } from '@koma/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createStorage } from '../../apps/server/src/infra/create-storage.js';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.js';
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords.js';
import { chapters } from '../../apps/server/src/modules/chapters/chapters.table.js';
import { chapterPages } from '../../apps/server/src/modules/pages/pages.table.js';
import { projects } from '../../apps/server/src/modules/projects/projects.table.js';
import { renderUpload } from '../../apps/server/src/modules/renditions/renditions.service.js';
import { newUploadKey } from '../../apps/server/src/modules/uploads/upload-names.js';
import { insertUpload } from '../../apps/server/src/modules/uploads/uploads.repository.js';
import { workflowSteps } from '../../apps/server/src/modules/workflow/workflow.table.js';
import { seedPeople } from './seed-people.js';

export const FOUNDER = { email: 'bench1@bench.koma.example', password: 'bench-password' };

export interface PageChapterOptions {
  pages: number;
  status: ChapterStatus;
  /**
   * The storyboard file of each page, `files[i % files.length]`; none: empty page slots. Every
   * page gets its own upload (its own key and renditions) even when the bytes repeat.
   */
  files?: Buffer[];
  /** Renders every upload as the render-page job does, before returning. */
  render?: boolean;
  /** Gives each page one step (pencils, the founder's) in this status. */
  step?: StepStatus;
  /** People seeded (benchN@bench.koma.example, FOUNDER's password); the first is the founder. */
  people?: number;
}

export interface PageChapter {
  projectId: number;
  chapterId: number;
  pageIds: number[];
  /** Each page's step, when `step` was given. */
  stepIds: number[];
  /** The storage keys of the pages' originals, in page order. */
  keys: string[];
  /** The sum of the originals' sizes. */
  originalBytes: number;
}

/**
 * One founder (FOUNDER logs in) with one project and one chapter of `pages` pages in `status`, on
 * the database and files of `config`; the database is closed again, so the server can open it.
 */
export async function seedPageChapter(config: Config, options: PageChapterOptions): Promise<PageChapter> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    const storage = createStorage(config);
    await seedPeople(db, options.people ?? 1, await hashPassword(FOUNDER.password));
    const [founder] = await db.select({ id: users.id }).from(users).where(eq(users.email, FOUNDER.email));
    if (!founder) throw new Error('no founder seeded');
    const [project] = await db
      .insert(projects)
      .values({ userId: founder.id, title: 'ベンチ作品', icon: '', kind: 2, type: 1, content: 'bench' })
      .returning({ id: projects.id });
    if (!project) throw new Error('no project');
    const [chapter] = await db
      .insert(chapters)
      .values({
        projectId: project.id,
        title: '第1話',
        pageCount: options.pages,
        icon: '',
        scriptAt: '2030-01-01',
        checkAt: '2030-01-31',
        status: options.status,
      })
      .returning({ id: chapters.id });
    if (!chapter) throw new Error('no chapter');

    const result: PageChapter = {
      projectId: project.id,
      chapterId: chapter.id,
      pageIds: [],
      stepIds: [],
      keys: [],
      originalBytes: 0,
    };
    const uploadIds: number[] = [];
    for (let num = 1; num <= options.pages; num++) {
      const file = options.files?.[(num - 1) % options.files.length];
      let fileKey = '';
      if (file) {
        fileKey = newUploadKey(UploadType.PAGE, 'png');
        await storage.put(fileKey, Readable.from([file]), LIMITS.fileMaxBytes);
        const upload = await insertUpload(db, {
          key: fileKey,
          userId: founder.id,
          type: UploadType.PAGE,
          filename: `p${num}.png`,
          ext: 'png',
          size: file.length,
          attachedAt: new Date(),
        });
        uploadIds.push(upload.id);
        result.originalBytes += file.length;
      }
      const [page] = await db
        .insert(chapterPages)
        .values({
          chapterId: chapter.id,
          num,
          fileKey,
          status: file ? DraftPageStatus.APPROVED : DraftPageStatus.EMPTY,
          uploadedBy: file ? founder.id : null,
        })
        .returning({ id: chapterPages.id });
      if (!page) throw new Error('no page');
      result.pageIds.push(page.id);
      if (options.step !== undefined) {
        const [step] = await db
          .insert(workflowSteps)
          .values({
            pageId: page.id,
            chapterId: chapter.id,
            sort: 0,
            positionId: 2,
            ownerUserId: founder.id,
            status: options.step,
          })
          .returning({ id: workflowSteps.id });
        if (step) result.stepIds.push(step.id);
      }
      result.keys.push(fileKey);
    }
    if (options.render)
      for (const id of uploadIds) {
        const status = await renderUpload({ db, storage }, id);
        if (status !== 'ready') throw new Error(`upload ${id} rendered as ${status}`);
      }
    return result;
  } finally {
    await database.close();
  }
}
