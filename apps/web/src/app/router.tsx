import { INVITATIONS_PATH } from '@koma/shared/constants';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AppShellSkeleton } from '../components/loading/app-shell-skeleton';
import { PageSpinner } from '../components/page-spinner';
import { loadAppTexts } from '../lib/i18n';
import { GuestOnly } from './guest-only';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

/** Every screen is its own chunk: the route loads it on first visit. */
const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

const handle = (title: RouteHandle['title']): RouteHandle => ({ title });

const QUERY_ROUTE_ID = 'query';
const GUARD_ROUTE_ID = 'guard';

/**
 * First-load screens, open without login. They sit outside the TanStack Query route (see
 * query-root.tsx) to keep the first download small, so they call their APIs directly.
 */
const lightRoutes: RouteObject[] = [
  {
    path: '/home',
    handle: handle('titles.home'),
    lazy: page(() => import('../features/landing/pages/home-page')),
  },
  {
    path: '/404',
    handle: handle('titles.notFound'),
    lazy: page(() => import('../features/errors/pages/not-found-page')),
  },
  {
    element: <GuestOnly />,
    children: [
      {
        path: '/login',
        handle: handle('titles.login'),
        lazy: page(() => import('../features/accounts/pages/login-page')),
      },
    ],
  },
];

/** Open without login: the public screens and the mail-link screens. */
const publicRoutes: RouteObject[] = [
  {
    path: '/registration',
    handle: handle('titles.registration'),
    lazy: page(() => import('../features/accounts/pages/registration-page')),
  },
  {
    path: '/registration/complete',
    handle: handle('titles.registrationComplete'),
    lazy: page(() => import('../features/accounts/pages/registration-complete-page')),
  },
  {
    path: '/creatUser',
    handle: handle('titles.createUser'),
    lazy: page(() => import('../features/accounts/pages/create-user-page')),
  },
  {
    path: '/confrimPage',
    handle: handle('titles.confirm'),
    lazy: page(() => import('../features/accounts/pages/confirm-page')),
  },
  {
    path: '/forgotPassword',
    handle: handle('titles.forgotPassword'),
    lazy: page(() => import('../features/accounts/pages/forgot-password-page')),
  },
  {
    path: '/resetPassword',
    handle: handle('titles.resetPassword'),
    lazy: page(() => import('../features/accounts/pages/reset-password-page')),
  },
  {
    // A mail invitation's link (invitationLinkPath): shown before any login.
    path: '/invitation',
    handle: handle('titles.invitationLink'),
    lazy: page(() => import('../features/invitations/pages/invitation-link-page')),
  },
  {
    // A review link's guest: no account, no session (docs/access.md, "Review links").
    path: '/review',
    handle: handle('titles.review'),
    lazy: page(() => import('../features/review-links/pages/review-page')),
  },
];

const projectsParent: RouteHandle['parent'] = {
  path: '/projectManagement/projectManagement',
  title: 'titles.projectManagement',
};

/** Logged-in screens, inside the guard and the layout with the sidebar. Add new screens here. */
const privateRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    handle: handle('titles.dashboard'),
    lazy: page(() => import('../features/dashboard/pages/dashboard-page')),
  },
  {
    path: '/introduce',
    handle: handle('titles.introduce'),
    lazy: page(() => import('../features/introduce/pages/introduce-page')),
  },
  {
    path: '/personalInfo/personalInfo',
    handle: handle('titles.personalInfo'),
    lazy: page(() => import('../features/profiles/pages/personal-info-page')),
  },
  {
    path: '/personalInfo/personalPage',
    handle: {
      title: 'titles.personalPage',
      parent: { path: '/personalInfo/personalInfo', title: 'titles.personalInfo' },
    } satisfies RouteHandle,
    lazy: page(() => import('../features/profiles/pages/personal-page')),
  },
  {
    path: INVITATIONS_PATH,
    handle: handle('titles.invitations'),
    lazy: page(() => import('../features/invitations/pages/invitations-page')),
  },
  {
    path: '/friendsList/friendsList',
    handle: handle('titles.friendsList'),
    lazy: page(() => import('../features/friends/pages/friends-list-page')),
  },
  {
    path: '/editoralSearch/editoralSearch',
    handle: handle('titles.editorSearch'),
    lazy: page(() => import('../features/matching/pages/editor-search-page')),
  },
  {
    path: '/authSearch/authSearch',
    handle: handle('titles.authorSearch'),
    lazy: page(() => import('../features/matching/pages/author-search-page')),
  },
  {
    path: '/projectManagement/projectManagement',
    handle: handle('titles.projectManagement'),
    lazy: page(() => import('../features/projects/pages/project-list-page')),
  },
  {
    path: '/projectManagement/createProject',
    handle: { title: 'titles.createProject', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/projects/pages/create-project-page')),
  },
  {
    path: '/allPage/allPage',
    handle: { title: 'titles.projectConfirm', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/projects/pages/project-confirm-page')),
  },
  {
    path: '/projectDetails/projectDetails',
    handle: { title: 'titles.projectDetails', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/projects/pages/project-details-page')),
  },
  {
    path: '/chapter/script',
    handle: { title: 'titles.chapterScript', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/chapters/pages/chapter-script-page')),
  },
  {
    path: '/chapter/settings',
    handle: { title: 'titles.chapterSettings', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/chapters/pages/chapter-settings-page')),
  },
  {
    path: '/chapter/details',
    handle: { title: 'titles.chapterDetails', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/chapters/pages/chapter-details-page')),
  },
  {
    path: '/chapter/schedule',
    handle: { title: 'titles.chapterSchedule', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/chapters/pages/chapter-schedule-page')),
  },
  {
    path: '/chapter/viewer',
    handle: { title: 'titles.viewer', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/viewer/pages/chapter-viewer-page')),
  },
  {
    path: '/chapter/access',
    handle: { title: 'titles.accessRecord', parent: projectsParent } satisfies RouteHandle,
    lazy: page(() => import('../features/access-record/pages/access-record-page')),
  },
  {
    path: '/editorTimeline',
    handle: handle('titles.editorTimeline'),
    lazy: page(() => import('../features/timeline/pages/editor-timeline-page')),
  },
  {
    path: '/projectSearch/projectSearch',
    handle: handle('titles.projectSearch'),
    lazy: page(() => import('../features/project-search/pages/project-search-page')),
  },
  {
    path: '/chapterSearch/chapterSearch',
    handle: handle('titles.chapterSearch'),
    lazy: page(() => import('../features/project-search/pages/chapter-search-page')),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: StartFallback,
    children: [
      // "/" is トップ: the dashboard (the guard there sends visitors without a token to /home).
      { path: '/', handle: handle('titles.dashboard'), element: <Navigate to="/dashboard" replace /> },
      ...lightRoutes,
      {
        // Every screen below needs TanStack Query and the texts beyond the first-load ones.
        id: QUERY_ROUTE_ID,
        lazy: async () => {
          const [root] = await Promise.all([import('./query-root'), loadAppTexts()]);
          return { Component: root.default };
        },
        children: [
          ...publicRoutes,
          {
            id: GUARD_ROUTE_ID,
            lazy: async () => {
              // The user's info loads while the guard, the layout and the page still download.
              void import('../lib/session').then((session) => session.prefetchSession());
              return { Component: (await import('./route-guard')).default };
            },
            children: [
              {
                lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
                children: privateRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * What shows while the first screen of a visit loads: a logged-in screen shows the app's frame
 * with grey lines where it will be, an open screen the words 読み込み中… (issue 18: never an empty
 * page). Neither moves: an animation had the browser draw frames all through the screen's first
 * render and held its first paint back by 400-500 ms (bench/README.md, "First screens").
 */
function StartFallback() {
  return startupNeeds(window.location.pathname).session ? <AppShellSkeleton /> : <PageSpinner still />;
}

/**
 * What the screen at a path needs before its first render besides its code, so that main.tsx can
 * ask for it at start-up: the texts beyond the first-load ones (every screen inside the Query
 * route) and the user's info (every screen inside the guard).
 */
export function startupNeeds(pathname: string): { appTexts: boolean; session: boolean } {
  const ids = new Set(matchRoutes(routes, pathname)?.map((m) => m.route.id));
  return { appTexts: ids.has(QUERY_ROUTE_ID), session: ids.has(GUARD_ROUTE_ID) };
}

/**
 * Creating the router starts loading the lazy routes the current path matches, so main.tsx calls
 * this only after it has asked for the texts (the first render needs both).
 */
export const createRouter = () => createBrowserRouter(routes);
