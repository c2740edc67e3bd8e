import { z } from 'zod';
import { noticeMailSettings, unsubscribeQuery } from '../schemas/notice-mail.js';
import { noticeListBody, noticeListData } from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The bell's notices, the live-event stream and how notices reach the reader by mail. */
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
  mailSettings: {
    input: null,
    reply: noticeMailSettings,
    who: Who.USER,
    summary: 'How my notices reach me by mail',
  },
  saveMailSettings: {
    input: noticeMailSettings,
    reply: z.null(),
    who: Who.USER,
    summary: 'Save how my notices reach me by mail',
  },
  unsubscribe: {
    input: unsubscribeQuery,
    reply: z.null(),
    who: Who.SIGNED_LINK,
    summary:
      "One-click unsubscribe (RFC 8058): turns the signed link's kind of notice mail off for its reader",
  },
});
