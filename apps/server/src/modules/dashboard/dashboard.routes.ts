import { envelope, homePageData, todoAggregateData, todoListBody, todoListData } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createDashboardService } from './dashboard.service.js';

const tags = ['dashboard'];

export async function dashboardRoutes(app: FastifyInstance) {
  const dashboard = createDashboardService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cartoonser/homePage',
    {
      // The panels rank openings with the caller's own profile: it comes with the session.
      config: { who: Who.USER, withAccount: true },
      schema: { tags, summary: 'Every dashboard panel', response: { 200: envelope(homePageData) } },
    },
    async (request, reply) => reply.ok(await dashboard.homePage(currentUser(request), request.lang)),
  );

  r.post(
    '/api/todo/getAggregate',
    {
      config: { who: Who.USER },
      schema: { tags, summary: 'To-do counts per type', response: { 200: envelope(todoAggregateData) } },
    },
    async (request, reply) => reply.ok(await dashboard.todoAggregate(currentUser(request).id, request.lang)),
  );

  r.post(
    '/api/todo/getList',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'To-do items of one type',
        body: todoListBody,
        response: { 200: envelope(todoListData) },
      },
    },
    async (request, reply) => {
      const { type, page, pageSize } = request.body;
      return reply.ok(await dashboard.todoList(currentUser(request).id, type, page, pageSize, request.lang));
    },
  );
}
