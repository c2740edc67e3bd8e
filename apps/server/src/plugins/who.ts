import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Access } from './auth.js';
import { isApiPath } from './errors.js';

/**
 * Who may call a route, declared next to its schema (`config: { who: Who.MEMBER }`). The services
 * enforce it (projects.policy.ts, chapter-policy.ts, the step and request owners' checks); the
 * declaration is what authorization-matrix.test.ts holds every route to, actor by actor.
 * Project roles are relative to the project the body names: a non-member gets 404 (they are not
 * told the project exists), a member without the role 403 (DESIGN.md section 3).
 */
export const Who = {
  /** Anyone, logged in or not. */
  PUBLIC: 'public',
  /** Anyone holding a link signed by a call that checked access, or a public file (avatar, cover). */
  SIGNED_LINK: 'signedLink',
  /** Any logged-in user: their own account, or what every user may see and do. */
  USER: 'user',
  /** The user the object belongs to or is addressed to: a friend or pairing request, an invitation, a friendship. */
  OWNER: 'owner',
  /** A member of the project: founder, accepted applicant or editor in charge. */
  MEMBER: 'member',
  /** A member other than the editor in charge (docs/production.md "creators"): writes the storyboard. */
  CREATOR: 'creator',
  /** The founder or a main artist (position 2): approves page work. */
  APPROVER: 'approver',
  /** The member the work-flow step is assigned to. */
  ASSIGNEE: 'assignee',
  /** The project's editor in charge. */
  EDITOR_IN_CHARGE: 'editorInCharge',
  /** The project's founder. */
  FOUNDER: 'founder',
} as const;
export type Who = (typeof Who)[keyof typeof Who];

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

const OPEN: readonly Who[] = [Who.PUBLIC, Who.SIGNED_LINK];

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
      else if (OPEN.includes(who) && route.config?.access !== Access.PUBLIC)
        problems.push(`${name} is ${who} but not Access.PUBLIC`);
    }
    if (problems.length > 0) throw new Error(`Route declarations: ${problems.join('; ')}`);
  });
});
