import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text PostgreSQL cannot store: a NUL character, or a lone surrogate (in Unicode mode a paired
 * surrogate is one code point, so only lone ones match).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|\p{Surrogate}/u;

/** True when every string and key in a parsed JSON value is storable text. */
function wellFormed(root: unknown): boolean {
  // A loop, not recursion: bodies may nest thousands of levels deep.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return false;
        stack.push(item);
      }
    }
  }
  return true;
}

/**
 * JSON bodies as Fastify parses them (prototype keys refused), and also refused when a string holds
 * a NUL or a lone surrogate ("\u0000" and "\ud800" are valid JSON): PostgreSQL text cannot hold
 * them, and the database would fail with a 500 instead of the caller getting a 400.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (!wellFormed(value)) {
        const invalid = Object.assign(new Error('A JSON string holds a NUL or a lone surrogate'), {
          statusCode: 400,
        });
        return done(invalid, undefined);
      }
      done(null, value);
    });
  });
});
