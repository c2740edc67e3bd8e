import { z } from 'zod';
import { noticeListBody, noticeListData } from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The bell's notices and the live-event stream. */
export const notices = endpoints(routes.notices, {
  list: {
    input: noticeListBody,
    reply: noticeListData,
    who: Who.USER,
    summary: 'My notices, newest first',
  },
  read: {
    input: null,
    reply: z.null(),
    who: Who.USER,
    summary: 'Mark my notices read',
  },
  stream: {
    input: null,
    reply: z.null(),
    who: Who.USER,
    summary: 'Live events (SSE)',
  },
});
