import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { todoCountsOf, todoListOf } from './dashboard.presenter.js';
import { createDashboardService } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance) {
  const dashboard = createDashboardService(app.deps);
  implement(app, 'dashboard', contract.dashboard, {
    home: {
      handler: ({ user, request }) => dashboard.homePage(user, request.lang),
      // The panels rank openings with the caller's own profile: it comes with the session.
      config: { withAccount: true },
    },
    todoCounts: async ({ user, request }) => todoCountsOf(await dashboard.todoCounts(user.id), request.lang),
    todoList: async ({ input, user, request }) =>
      todoListOf(await dashboard.todoList(user.id, input.type, input.page, input.pageSize), request.lang),
  });
}
