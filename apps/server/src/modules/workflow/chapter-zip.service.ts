import { Readable } from 'node:stream';
import { type Language, LIMITS } from '@koma/shared';
import { routes } from '@koma/shared/routes';
import { ZipFile } from 'yazl';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { chapterFileName } from '../chapters/chapter-file-name.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { findChapter } from '../chapters/chapters.repository.js';
import { fileUrlSecret, signedQuery, verifySignedUrl } from '../files/signed-url.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { extensionOf } from '../uploads/upload-names.js';
import * as repo from './workflow.repository.js';

export interface ChapterZip {
  /** The archive, produced while it is sent: one page file is open at a time, nothing is buffered whole. */
  stream: Readable;
  fileName: string;
}

/** What a zip link signs: only this chapter of this project. */
const zipKey = (projectId: number, chapterId: number) => `chapter-zip/${projectId}/${chapterId}`;

/** `p001.png`: the page number, three digits at least, and the file's own extension. */
export const pageFileName = (num: number, key: string) =>
  `p${String(num).padStart(3, '0')}.${extensionOf(key) || 'bin'}`;

/**
 * The manuscript zip (docs/production.md): per page, the file of its last completed step. Pages
 * are already compressed images, so entries are stored, not deflated: the zip streams at disk speed.
 */
export function createChapterZipService(deps: Deps) {
  const { db, storage } = deps;

  async function build(projectId: number, chapterId: number, lang: Language): Promise<ChapterZip> {
    const chapter = await findChapter(db, projectId, chapterId);
    if (!chapter) throw notFound();
    const files = await repo.finishedFiles(db, chapterId);
    if (files.length === 0) throw conflict('zipEmpty');
    const fileName = await chapterFileName(db, chapter, { kind: 'pages', ext: 'zip' }, lang);
    const zip = new ZipFile();
    for (const file of files) {
      zip.addReadStreamLazy(pageFileName(file.num, file.fileKey), { compress: false }, (done) => {
        storage.get(file.fileKey).then(
          (stream) =>
            stream
              ? done(null, stream)
              : done(new Error(`page file missing: ${file.fileKey}`), emptyStream()),
          (err: Error) => done(err, emptyStream()),
        );
      });
    }
    zip.end();
    return { stream: zip.outputStream as Readable, fileName };
  }

  return {
    async zip(member: ProjectAccess, chapterId: number, lang: Language): Promise<ChapterZip> {
      return build(member.projectId, chapterId, lang);
    },

    /** A short-lived GET link to the zip, so the browser downloads it as a stream. */
    async link(member: ProjectAccess, chapterId: number): Promise<string> {
      const { projectId } = await requireChapter(db, member, chapterId);
      if ((await repo.finishedFiles(db, chapterId)).length === 0) throw conflict('zipEmpty');
      const query = signedQuery(
        zipKey(projectId, chapterId),
        await fileUrlSecret(db),
        LIMITS.signedUrlSeconds,
      );
      return `${routes.workflow.zip.path}?projectId=${projectId}&chapterId=${chapterId}&${query}`;
    },

    /** The zip behind a link made by `link`; null when the signature is wrong or expired. */
    async zipByLink(
      projectId: number,
      chapterId: number,
      lang: Language,
      exp?: string,
      sig?: string,
    ): Promise<ChapterZip | null> {
      const valid = verifySignedUrl(zipKey(projectId, chapterId), exp, sig, await fileUrlSecret(db));
      return valid ? build(projectId, chapterId, lang) : null;
    },
  };
}

const emptyStream = () => Readable.from([]);
