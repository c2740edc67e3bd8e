import cookie from '@fastify/cookie';
import { Who } from '@koma/shared/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestContextPlugin } from '../plugins/request-context.js';
import { implement } from './implement.js';

describe('a handler that answers itself', () => {
  it('is answered once: no second reply is attempted and nothing is logged', async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('deps', {} as never);
    await app.register(cookie);
    await app.register(requestContextPlugin);
    const save = {
      method: 'POST',
      path: '/api/x',
      input: null,
      reply: z.null(),
      who: Who.PUBLIC,
      summary: 'x',
    } as const;
    implement(app, 'x', { save }, { save: ({ reply }) => reply.ok(null, 'saved') });

    const res = await app.inject({ method: 'POST', url: '/api/x' });
    expect(res.json()).toMatchObject({ status: 200, data: null });
    expect(logged).toEqual([]);
    await app.close();
  });
});
