import { z } from 'zod';
import { userIndexData } from '../schemas/accounts.js';
import { profileBody, profileDetail, uidQuery } from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The logged-in user's info and people's profiles. */
export const profiles = endpoints(routes.profiles, {
  me: {
    input: null,
    reply: userIndexData,
    who: Who.USER,
    summary: 'The logged-in user',
  },
  detail: {
    input: uidQuery,
    reply: profileDetail,
    who: Who.USER,
    summary: "A person's profile",
  },
  save: {
    input: profileBody,
    reply: z.null(),
    who: Who.USER,
    summary: 'Save my profile',
  },
});
