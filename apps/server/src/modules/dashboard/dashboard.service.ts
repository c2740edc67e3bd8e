import { type HomePageData, hasAnyRole, JoinStatus, type Language, LoginAttr, Role } from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import type { SessionUser } from '../accounts/sessions.service.js';
import { createChaptersService } from '../chapters/chapters.service.js';
import { createMatchingService } from '../matching/matching.service.js';
import { cardProgress } from '../projects/project-cards.js';
import { createProjectSearchService, searcherOf } from '../projects/project-search.service.js';
import { createProjectsService } from '../projects/projects.service.js';
import { listPicturesOf, picturesAsStored } from '../renditions/rendition-links.js';
import { forecastCardsOf } from '../schedule/forecasts.js';
import { TODO_RULES } from './todo-registry.js';

/** Project cards per dashboard panel. */
const PANEL_SIZE = 6;
/** Recommended projects: not applied to yet, most similar first. */
const RECOMMEND_QUERY = {
  keywords: '',
  typeb: [],
  creativecap: [],
  join_status: JoinStatus.NOT_APPLIED,
  kind: null,
  is_match: false,
  page: 1,
  pageSize: PANEL_SIZE,
};

export function createDashboardService(deps: Deps) {
  const matching = createMatchingService(deps);
  const projects = createProjectsService(deps);
  const projectSearch = createProjectSearchService(deps);
  const chapters = createChaptersService(deps);
  const { db } = deps;

  return {
    /**
     * Every dashboard panel in one call; project panels fill in as projects exist. The caller's
     * kind and roles come with the session; the panels' queries run side by side, the two
     * opening panels share one read of the caller's search profile, and the covers of all the
     * panels are read at once, with the openings' progress (one statement, not one per panel).
     */
    async homePage(me: SessionUser, lang: Language): Promise<HomePageData> {
      const userId = me.id;
      const wantsProjects = hasAnyRole(me.roles, [Role.PLANNING_MEMBER, Role.ARTIST, Role.PRODUCTION_STAFF]);
      const wantsCases = hasAnyRole(me.roles, [Role.ASSISTANT, Role.TRANSLATOR]);
      const searcher = wantsProjects || wantsCases ? searcherOf(db, userId, me.account) : undefined;
      const [recommended, pairs, { mine, joined }, similar, cases, forecasts] = await Promise.all([
        matching.recommend(userId),
        matching.incoming(userId),
        projects.mineAndJoined(userId, lang, picturesAsStored),
        searcher && wantsProjects
          ? searcher.then((s) => projectSearch.search(userId, RECOMMEND_QUERY, lang, s, picturesAsStored))
          : undefined,
        searcher && wantsCases
          ? searcher.then((s) => chapters.search(userId, RECOMMEND_QUERY, lang, s, picturesAsStored))
          : undefined,
        forecastCardsOf(db, userId, PANEL_SIZE, lang),
      ]);
      const creator = me.loginattr === LoginAttr.CREATOR;
      const openings = [...(similar?.list ?? []), ...(cases?.list ?? [])];
      const project = mine.goon.slice(0, PANEL_SIZE);
      const join = joined.goon.slice(0, PANEL_SIZE);
      const [progress, pictureOf] = await Promise.all([
        projects.progressOf([...new Set(openings.map((o) => o.project_id))]),
        listPicturesOf(
          deps,
          [...project, ...join].map((p) => p.image).concat(openings.map((o) => o.project_icon)),
        ),
      ]);
      const pictured = <T extends { image: string }>(p: T): T => ({ ...p, image: pictureOf(p.image) });
      // A recommendation's percentage is its match with the caller; its time is the project's last change.
      const upTime = (projectId: number) => cardProgress(progress.get(projectId)).upTime;
      return {
        project: project.map(pictured),
        join: join.map(pictured),
        editor: creator ? recommended : [],
        originator: creator ? [] : recommended,
        recommend: (similar?.list ?? []).map((p) => ({
          proId: p.project_id,
          title: p.project_title,
          image: pictureOf(p.project_icon),
          nick: p.nick,
          upTime: upTime(p.project_id),
          chaId: null,
          percent: Math.ceil(p.similar * 100),
          recruit_pos: p.recruit_pos,
        })),
        chapter: (cases?.list ?? []).map((c) => ({
          proId: c.project_id,
          title: `${c.project_title} ${c.chapter_title}`,
          image: pictureOf(c.project_icon),
          nick: c.nick,
          upTime: upTime(c.project_id),
          chaId: c.chapter_id,
          percent: Math.ceil(c.similar * 100),
          recruit_pos: c.recruit_pos,
        })),
        pairs,
        forecasts,
      };
    },

    /** How many items of each to-do type wait for the user, in the to-do table's order. */
    async todoCounts(userId: number) {
      const counts = await Promise.all(TODO_RULES.map((rule) => rule.count(db, userId)));
      return TODO_RULES.map((rule, i) => ({ type: rule.type, cnt: counts[i] ?? 0 }));
    },

    /**
     * One page of the user's to-do items of one type, with the count its tile shows (the same
     * rule's count, so the two agree); an unknown type has none.
     */
    async todoList(userId: number, type: number, page: number, pageSize: number) {
      const rule = TODO_RULES.find((r) => r.type === type);
      if (!rule) return { items: [], total: 0, cnt: 0 };
      if (rule.page) {
        const { items, count } = await rule.page(db, userId, pageSize, (page - 1) * pageSize);
        return { items, total: count, cnt: count };
      }
      const [items, cnt, rows] = await Promise.all([
        rule.list(db, userId, pageSize, (page - 1) * pageSize),
        rule.count(db, userId),
        rule.rows?.(db, userId),
      ]);
      return { items, total: rows ?? cnt, cnt };
    },
  };
}
