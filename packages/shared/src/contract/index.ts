import { accessRecord } from './access-record.js';
import { accounts } from './accounts.js';
import { board } from './board.js';
import { calendar } from './calendar.js';
import { chapters } from './chapters.js';
import { dashboard } from './dashboard.js';
import { editorialThread } from './editorial-thread.js';
import type { Endpoint, InputOf, ReplyOf } from './endpoint.js';
import { folders } from './folders.js';
import { friends } from './friends.js';
import { health } from './health.js';
import { invitations } from './invitations.js';
import { marks } from './marks.js';
import { matching } from './matching.js';
import { notices } from './notices.js';
import { pages } from './pages.js';
// Print specification and preflight (docs/print.md).
import { print } from './print.js';
import { profiles } from './profiles.js';
import { projects } from './projects.js';
import { recruitment } from './recruitment.js';
import { reference } from './reference.js';
import { review, reviewLinks } from './review-links.js';
import { schedule } from './schedule.js';
import { seats } from './seats.js';
import { uploads } from './uploads.js';
import { workflow } from './workflow.js';

export * from './endpoint.js';
export * from './routes.js';
export * from './who.js';

/** Every endpoint of the API, by domain and name (docs/architecture.md, "The contract"). */
export const contract = {
  accessRecord,
  board,
  editorialThread,
  reference,
  health,
  friends,
  matching,
  profiles,
  chapters,
  pages,
  workflow,
  marks,
  schedule,
  calendar,
  accounts,
  uploads,
  recruitment,
  folders,
  projects,
  invitations,
  seats,
  dashboard,
  notices,
  // Print specification and preflight (docs/print.md).
  print,
  // Review links for people outside the team (docs/access.md, "Review links").
  reviewLinks,
  review,
} as const;
export type Contract = typeof contract;

type EndpointAt<D extends keyof Contract, K extends keyof Contract[D]> = Contract[D][K] extends Endpoint
  ? Contract[D][K]
  : never;
export type ApiInput<D extends keyof Contract, K extends keyof Contract[D]> = InputOf<EndpointAt<D, K>>;
export type ApiReply<D extends keyof Contract, K extends keyof Contract[D]> = ReplyOf<EndpointAt<D, K>>;
