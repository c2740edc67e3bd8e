import cookie from '@fastify/cookie';
import sse from '@fastify/sse';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import './lib/deps.js';
import { createStorage } from './infra/create-storage.js';
import { createJobQueue } from './infra/jobs.js';
import { createInProcessBus } from './infra/live-bus.js';
import { createMailer, type Mailer } from './infra/mailer.js';
import { createPostgresLiveBus } from './infra/postgres-live-bus.js';
import { createRateLimiters } from './infra/rate-limiters.js';
import { requestForLog } from './lib/log-redaction.js';
import { accessRecordRoutes } from './modules/access-record/access-record.routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { boardRoutes } from './modules/board/board.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { chaptersRoutes } from './modules/chapters/chapters.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { editorialThreadRoutes } from './modules/editorial-thread/editorial-thread.routes.js';
import { foldersRoutes } from './modules/folders/folders.routes.js';
import { friendsRoutes } from './modules/friends/friends.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { marksRoutes } from './modules/marks/marks.routes.js';
import { matchingRoutes } from './modules/matching/matching.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
// Print specification and preflight (docs/print.md).
import { printRoutes } from './modules/print/print.routes.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { recruitmentRoutes } from './modules/recruitment/recruitment.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { reviewLinksRoutes } from './modules/review-links/review-links.routes.js';
import { scheduleRoutes } from './modules/schedule/schedule.routes.js';
import { seatsRoutes } from './modules/seats/seats.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { workflowRoutes } from './modules/workflow/workflow.routes.js';
import { authPlugin } from './plugins/auth.js';
import { drainPlugin } from './plugins/drain.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { jobsPlugin } from './plugins/jobs.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { multipartPlugin } from './plugins/multipart.js';
import { openapiPlugin } from './plugins/openapi.js';
import { requestContextPlugin } from './plugins/request-context.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import { routeDeclarationsPlugin } from './plugins/who.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass a mailer that records mails. */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole application without listening: plugins, then modules, then the web app. */
export async function buildApp({
  config,
  database,
  mailer,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.token',
        'req.headers.cookie',
        'req.headers.authorization',
        // A review link's guest token (docs/access.md, "Review links").
        'req.headers["koma-guest"]',
      ],
      // Tokens and signatures in URLs (lib/log-redaction.ts).
      serializers: { req: requestForLog },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // During close() the requests that still arrive answer the API's envelope (plugins/drain.ts),
    // not Fastify's own 503 body. forceCloseConnections stays 'idle' (the default): `true` would
    // cut the requests in flight, an upload say.
    return503OnClosing: false,
    // A URL Fastify cannot decode answers the 400 envelope like any other bad input.
    frameworkErrors,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Several instances share PostgreSQL: live events fan out through LISTEN/NOTIFY.
  const sharedBus = config.databaseUrl
    ? createPostgresLiveBus({ url: config.databaseUrl, db: database.db, log: app.log })
    : null;
  if (sharedBus) {
    await sharedBus.start();
    app.addHook('onClose', () => sharedBus.close());
  }
  const jobs = createJobQueue(
    database,
    { jobs: config.jobConcurrency, renders: config.renderConcurrency },
    app.log,
    config.jobRetryDelayScale,
  );
  app.decorate('deps', {
    db: database.db,
    config,
    jobs,
    live: sharedBus ?? createInProcessBus(),
    limiters: createRateLimiters(database.pool, app.log),
    storage: createStorage(config),
  });

  // First: it must see every route that follows, the API docs' included.
  await app.register(routeDeclarationsPlugin);
  // Before every other hook: a request refused during a shutdown's drain does no work at all.
  await app.register(drainPlugin);
  // The live-events stream (notices.routes.ts; implement() gives stream routes `sse`).
  // @fastify/sse rather than fastify-sse-v2: it declares Fastify 5 (peer ^5.x) and Node 20
  // (engines >= 20.20.2); fastify-sse-v2 declares no Node version and depends on the Fastify 4
  // era fastify-plugin 4. The comment line every 25 s keeps proxies from closing a quiet stream.
  await app.register(sse, { heartbeatInterval: 25_000 });
  await app.register(cookie);
  await app.register(requestContextPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(jobsPlugin, { jobs, mailer: mailer ?? createMailer(config, app.log) });
  await app.register(multipartPlugin);

  await app.register(healthRoutes);
  await app.register(referenceRoutes);
  await app.register(accountsRoutes);
  await app.register(uploadsRoutes);
  await app.register(profilesRoutes);
  await app.register(matchingRoutes);
  await app.register(friendsRoutes);
  await app.register(noticesRoutes);
  await app.register(dashboardRoutes);
  await app.register(projectsRoutes);
  await app.register(invitationsRoutes);
  await app.register(seatsRoutes);
  await app.register(accessRecordRoutes);
  await app.register(recruitmentRoutes);
  await app.register(chaptersRoutes);
  await app.register(boardRoutes);
  await app.register(editorialThreadRoutes);
  await app.register(reviewLinksRoutes);
  await app.register(foldersRoutes);
  await app.register(pagesRoutes);
  await app.register(workflowRoutes);
  await app.register(scheduleRoutes);
  await app.register(marksRoutes);
  // Print specification and preflight (docs/print.md).
  await app.register(printRoutes);
  await app.register(calendarRoutes);

  await app.register(webAppPlugin);
  return app;
}
