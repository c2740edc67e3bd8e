import { z } from 'zod';
import {
  editorialThreadAddBody,
  editorialThreadListBody,
  editorialThreadListData,
} from '../schemas/editorial-thread.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/**
 * A chapter's private thread between the founder and the editorial side (issue 40 #3): nobody
 * else in the project reads it (docs/notices.md, "The editorial thread").
 */
export const editorialThread = endpoints(routes.editorialThread, {
  list: {
    input: editorialThreadListBody,
    reply: editorialThreadListData,
    who: Who.EDITORIAL,
    summary: "A page of a chapter's editorial thread, newest last (founder and editor in charge)",
  },
  add: {
    input: editorialThreadAddBody,
    reply: z.null(),
    who: Who.EDITORIAL,
    summary: "Post in a chapter's editorial thread (founder and editor in charge)",
  },
});
