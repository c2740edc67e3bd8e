import {
  type Language,
  message,
  type PageFileDetailsData,
  POSITIONS,
  referenceName,
  type ViewerPagesData,
  type ViewerRevision,
} from '@koma/shared';
import { notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { privateFileLink, privateFileLinkFor } from '../files/signed-url.js';
import { revisionsOfChapter } from '../pages/page-revisions.repository.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { readingDirectionOf } from '../projects/projects.repository.js';
import { renditionsOfUploads } from '../renditions/rendition-links.js';
import { findUpload, layersOf } from '../renditions/renditions.repository.js';
import { type UploadRow, uploadsByKeys } from '../uploads/uploads.repository.js';
import { type Watermark, watermarkedOriginalLink, watermarkOf } from '../watermarks/watermarks.service.js';
import { pagesOf } from './work-list.repository.js';
import * as repo from './workflow.repository.js';

/** A file of a page before its upload row and links are looked up. */
interface PageFile {
  key: string;
  kind: ViewerRevision['kind'];
  label: string;
}

function stepLabel(positionId: number, version: number, lang: Language): string {
  return message('viewerStep', lang)
    .replace('{position}', referenceName(POSITIONS, positionId, lang))
    .replace('{version}', String(version));
}

/** ネーム, or ネーム 第2版 for a storyboard page given more than one file (docs/viewer.md). */
function scriptLabel(version: number, count: number, lang: Language): string {
  if (count < 2) return message('viewerScript', lang);
  return message('viewerScriptVersion', lang).replace('{version}', String(version));
}

/** The storyboard's files oldest first, then each step's commits in step order, numbered per step. */
function filesOfPage(
  scriptKeys: readonly string[],
  commits: Awaited<ReturnType<typeof repo.commitsOfChapter>>,
  lang: Language,
): PageFile[] {
  const files: PageFile[] = scriptKeys.map((key, i) => ({
    key,
    kind: 'script',
    label: scriptLabel(i + 1, scriptKeys.length, lang),
  }));
  const versions = new Map<number, number>();
  for (const commit of commits) {
    const version = (versions.get(commit.sort) ?? 0) + 1;
    versions.set(commit.sort, version);
    files.push({ key: commit.fileKey, kind: 'step', label: stepLabel(commit.positionId, version, lang) });
  }
  return files;
}

/** A page's storyboard files, oldest first, ending with its current one. */
function scriptKeysOf(current: string, revisions: readonly { fileKey: string }[] | undefined): string[] {
  const keys = (revisions ?? []).map((r) => r.fileKey);
  return current && !keys.includes(current) ? [...keys, current] : keys;
}

/** What the viewer shows of one chapter's pages, whoever reads them. */
export interface PagesOptions {
  /** false: no link to the originals (a review link without downloads, docs/access.md). */
  downloads: boolean;
  /** The reader's watermark (docs/renditions.md, "Watermarks"), or null when served clean. */
  watermark: Watermark | null;
  /** The member whose links to the originals name them for the access record; null for a guest. */
  readerId: number | null;
}

/** The link to an original this reader may have: none, their watermarked preview, or the file. */
async function originalLinkOf(
  deps: Deps,
  key: string,
  renditions: ViewerRevision['renditions'],
  { downloads, watermark, readerId }: PagesOptions,
): Promise<string> {
  if (!downloads) return '';
  if (watermark) return watermarkedOriginalLink(watermark, renditions);
  return readerId === null ? privateFileLink(deps, key) : privateFileLinkFor(deps, key, readerId);
}

/**
 * Every page of a chapter in order with every file it went through, each with its renditions
 * (the one place rendition links are made for the page viewer: members and review-link guests
 * alike, docs/access.md "Review links") and, when allowed, a link to the original. The caller has
 * checked that the reader may see this chapter.
 */
export async function viewerPagesOf(
  deps: Deps,
  chapterId: number,
  lang: Language,
  options: PagesOptions,
): Promise<ViewerPagesData['pages']> {
  const { db } = deps;
  const [pages, scripts, commits] = await Promise.all([
    pagesOf(db, chapterId),
    revisionsOfChapter(db, chapterId),
    repo.commitsOfChapter(db, chapterId),
  ]);
  const commitsByPage = groupBy(commits, (c) => c.pageId);
  const scriptsByPage = groupBy(scripts, (s) => s.pageId);
  const filesByPage = pages.map((p) =>
    filesOfPage(scriptKeysOf(p.fileKey, scriptsByPage.get(p.id)), commitsByPage.get(p.id) ?? [], lang),
  );
  const uploads = await uploadsByKeys(db, [...new Set(filesByPage.flat().map((f) => f.key))]);
  const uploadOf = new Map(uploads.map((u) => [u.key, u]));
  const renditions = await renditionsOfUploads(deps, uploads, lang, options.watermark?.code ?? null);
  const revisionOf = async (file: PageFile, upload: UploadRow, made: ViewerRevision['renditions']) => ({
    id: upload.id,
    kind: file.kind,
    label: file.label,
    createdAt: upload.createdAt.toISOString(),
    renditions: made,
    downloadUrl: await originalLinkOf(deps, file.key, made, options),
  });
  return Promise.all(
    pages.map(async (page, i) => ({
      id: page.id,
      num: page.num,
      revisions: await Promise.all(
        (filesByPage[i] ?? []).flatMap((file) => {
          const upload = uploadOf.get(file.key);
          const made = upload && renditions.get(upload.id);
          return upload && made ? [revisionOf(file, upload, made)] : [];
        }),
      ),
    })),
  );
}

/**
 * The page viewer's chapter (docs/viewer.md): every page in order with every file it went through,
 * each with its renditions and a link to the original. Members only (the route's guard), and only
 * pages of this chapter of this project.
 */
export function createChapterViewerService(deps: Deps) {
  const { db } = deps;

  return {
    async pages(
      member: ProjectAccess,
      viewer: { id: number; nickname: string },
      chapterId: number,
      lang: Language,
    ): Promise<ViewerPagesData> {
      const { chapter, isFounder } = await requireChapter(db, member, chapterId);
      return {
        projectTitle: member.title,
        chapterTitle: chapter.title,
        direction: await readingDirectionOf(db, member.projectId),
        canSetDirection: member.isFounder,
        chapter: { status: chapter.status, isFounder, isEditor: member.isEditorialDesk },
        pages: await viewerPagesOf(deps, chapterId, lang, {
          downloads: true,
          watermark: await watermarkOf(deps, member, viewer),
          readerId: viewer.id,
        }),
      };
    },

    /**
     * One file's details beyond its renditions (the viewer's ページ情報): the layers' names of a
     * rendered `.clip`, which no list carries (docs/renditions.md). Only a file this chapter holds.
     */
    async fileDetails(
      member: ProjectAccess,
      chapterId: number,
      uploadId: number,
    ): Promise<PageFileDetailsData> {
      await requireChapter(db, member, chapterId);
      const upload = await findUpload(db, uploadId);
      const holders = upload ? await repo.chaptersHoldingFile(db, upload.key) : [];
      if (!holders.some((h) => h.chapterId === chapterId && h.projectId === member.projectId))
        throw notFound();
      return { layers: await layersOf(db, uploadId) };
    },
  };
}
