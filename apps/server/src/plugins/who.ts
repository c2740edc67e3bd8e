import { isOpenWho, type Who } from '@koma/shared/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Access } from './auth.js';
import { isApiPath } from './errors.js';

/**
 * Who may call a route: declared once per endpoint in the contract (@koma/shared/contract, who.ts)
 * and applied before the handler (http/guards.ts). Routes not yet built from the contract declare
 * it in `config.who` and their services enforce it; authorization-matrix.test.ts holds every
 * route to its declaration, actor by actor.
 */
export { Who } from '@koma/shared/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every API route (checked when the app starts). */
    who?: Who;
  }
  interface FastifyInstance {
    /** Every API route with its declaration, in registration order (the matrix test walks them). */
    declaredRoutes: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  who: Who | undefined;
}

/**
 * Records every API route and refuses to start when one declares no `who`, or declares an open
 * `who` without public access. The check runs when the app is ready rather than in onRoute
 * itself: an encapsulated onRoute hook (the API docs') may still add the declaration after this
 * one has seen the route. Register before any plugin that adds routes.
 */
export const routeDeclarationsPlugin = fp(async (app: FastifyInstance) => {
  const seen: RouteOptions[] = [];
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) seen.push(route);
  });
  app.addHook('onReady', async () => {
    const problems: string[] = [];
    for (const route of seen) {
      const methods = [route.method].flat();
      const who = route.config?.who;
      for (const method of methods) declared.push({ method, url: route.url, who });
      const name = `${methods.join(',')} ${route.url}`;
      if (!who) problems.push(`${name} declares no config.who`);
      else if (isOpenWho(who) && route.config?.access !== Access.PUBLIC)
        problems.push(`${name} is ${who} but not Access.PUBLIC`);
    }
    if (problems.length > 0) throw new Error(`Route declarations: ${problems.join('; ')}`);
  });
});
