import { registerInitData } from '../schemas/accounts.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The fixed reference lists (media, genres, positions…), named in the caller's language. */
export const reference = endpoints(routes.reference, {
  lists: {
    input: null,
    reply: registerInitData,
    who: Who.PUBLIC,
    summary: 'Reference lists',
  },
});
