import { z } from 'zod';
import {
  chapterSpecData,
  deliveryBody,
  deliveryQuery,
  preflightData,
  projectRef,
  projectSpecData,
  saveChapterSpecBody,
  saveProjectSpecBody,
} from '../schemas/print.js';
import { chapterRef, downloadUrlData } from '../schemas/production.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** A project's and a chapter's print specification, and a chapter's preflight (docs/print.md). */
export const print = endpoints(routes.print, {
  projectSpec: {
    input: projectRef,
    reply: projectSpecData,
    who: Who.MEMBER,
    summary: "The project's print specification, or null when none is set (members)",
  },
  saveProjectSpec: {
    input: saveProjectSpecBody,
    reply: projectSpecData,
    who: Who.EDITORIAL,
    summary: "Set or remove (null) the project's print specification (founder, editorial side)",
  },
  chapterSpec: {
    input: chapterRef,
    reply: chapterSpecData,
    who: Who.MEMBER,
    summary: "A chapter's own print specification, the project's and the one in force (members)",
  },
  saveChapterSpec: {
    input: saveChapterSpecBody,
    reply: chapterSpecData,
    who: Who.EDITORIAL,
    summary: "Set or remove (null) a chapter's own print specification (founder, editorial side)",
  },
  acceptErrors: {
    input: chapterRef,
    reply: z.null(),
    who: Who.EDITORIAL_DESK,
    summary: "Accept (了承) the chapter's current preflight errors for its final audit (editorial desk)",
  },
  preflight: {
    input: chapterRef,
    reply: preflightData,
    who: Who.MEMBER,
    summary: "The chapter's preflight (入稿チェック) from what the renders stored (members)",
  },
  delivery: {
    input: deliveryBody,
    reply: downloadUrlData,
    who: Who.EDITORIAL,
    summary: "A signed GET link to a 校了 chapter's delivery (入稿データ) zip (founder, editorial side)",
  },
  deliveryFile: {
    input: deliveryQuery,
    reply: z.null(),
    who: Who.SIGNED_LINK,
    summary: 'The delivery zip behind a signed link from delivery: final files, proof PDF, manifest',
  },
});
