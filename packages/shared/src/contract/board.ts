import { z } from 'zod';
import { boardAddBody, boardListBody, boardListData } from '../schemas/workspace.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The project's message board (伝言板). */
export const board = endpoints(routes.board, {
  list: {
    input: boardListBody,
    reply: boardListData,
    who: Who.MEMBER,
    summary: "A page of the project's message board, newest last (`before`: older than that post)",
  },
  add: {
    input: boardAddBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Post on the message board (members only)',
  },
});
