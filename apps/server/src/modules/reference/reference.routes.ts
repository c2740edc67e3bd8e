import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { referenceLists } from './reference.service.js';

export async function referenceRoutes(app: FastifyInstance) {
  implement(app, 'accounts', contract.reference, {
    lists: ({ request }) => referenceLists(request.lang),
  });
}
