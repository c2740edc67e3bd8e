import { z } from 'zod';
import {
  applyPairingBody,
  dealPairingBody,
  findCartoonserBody,
  personSearchData,
} from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Finding people of the opposite kind, by match, and pairing requests. */
export const matching = endpoints(routes.matching, {
  search: {
    input: findCartoonserBody,
    reply: personSearchData,
    who: Who.USER,
    summary: 'Search people of the opposite kind, by match',
  },
  apply: {
    input: applyPairingBody,
    reply: z.null(),
    who: Who.USER,
    summary: 'Send a pairing request',
  },
  deal: {
    input: dealPairingBody,
    reply: z.null(),
    who: Who.OWNER,
    summary: 'Answer a pairing request',
  },
});
