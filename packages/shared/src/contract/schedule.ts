import { z } from 'zod';
import {
  editorTimeline,
  moveDueBody,
  saveBufferBody,
  scheduleBody,
  scheduleData,
} from '../schemas/schedule.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Due days, the buffer and the forecast of a chapter in production (docs/schedule.md). */
export const schedule = endpoints(routes.schedule, {
  chapter: {
    input: scheduleBody,
    reply: scheduleData,
    who: Who.MEMBER,
    summary: "A chapter's steps with due and approval days, and its forecast (members)",
  },
  moveDue: {
    input: moveDueBody,
    reply: z.null(),
    who: Who.EDITORIAL,
    summary:
      "Move a step's due day (founder, editor in charge, editorial seats); a later save of the flow keeps it",
  },
  saveBuffer: {
    input: saveBufferBody,
    reply: z.null(),
    who: Who.EDITORIAL,
    summary:
      'Set the days kept before the check deadline and plan the due days again (founder, editorial side)',
  },
  timeline: {
    input: null,
    reply: editorTimeline,
    // Any user: the server answers only the projects the caller edits (an empty list otherwise).
    who: Who.USER,
    summary: 'Every chapter of the projects the caller edits, with its forecast and risk, the late first',
  },
});
