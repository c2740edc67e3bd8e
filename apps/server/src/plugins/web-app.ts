import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiNotFound, isApiPath } from './errors.js';

/**
 * Serves the built web app. Unknown non-API paths get index.html so the client router can show
 * its own pages (and /404); unknown API paths get the 404 envelope.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const dist = app.deps.config.webDistDir;
  const hasWeb = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  await app.register(compress, { global: true, threshold: 1024 });
  if (hasWeb && dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      // The web build writes .br and .gz beside each file (apps/web/vite.config.ts): sent as they
      // are, so @fastify/compress has nothing left to do for them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasWeb || !isPage || isApiPath(request.url)) return apiNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
});
