import {
  type HomePageData,
  hasAnyRole,
  JoinStatus,
  type Language,
  LoginAttr,
  Role,
  todoDescription,
} from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import type { SessionUser } from '../accounts/sessions.service.js';
import { createChaptersService } from '../chapters/chapters.service.js';
import { createMatchingService } from '../matching/matching.service.js';
import { createProjectSearchService, searcherOf } from '../projects/project-search.service.js';
import { createProjectsService } from '../projects/projects.service.js';
import { TODO_RULES, type TodoItem } from './todo-rules.js';

const HOUR_MS = 3_600_000;

/** "3日 4時間" style time left until a deadline; negative when overdue. Null without a deadline. */
export function timeLeft(deadline: Date | null, now: Date, lang: Language): string | null {
  if (!deadline) return null;
  const hours = Math.floor((deadline.getTime() - now.getTime()) / HOUR_MS);
  const overdue = hours < 0;
  const days = Math.floor(Math.abs(hours) / 24);
  const rest = Math.abs(hours) % 24;
  const words = { ja: ['日', '時間', '超過'], zh: ['天', '小时', '已超时'], en: ['d ', 'h', 'overdue'] }[
    lang
  ];
  const text = `${days}${words[0]}${rest}${words[1]}`.trim();
  return overdue ? `${words[2]} ${text}` : text;
}

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
     * kind and roles come with the session; the panels' queries run side by side, and the two
     * opening panels share one read of the caller's search profile.
     */
    async homePage(me: SessionUser, lang: Language): Promise<HomePageData> {
      const userId = me.id;
      const wantsProjects = hasAnyRole(me.roles, [Role.PLANNING_MEMBER, Role.ARTIST, Role.PRODUCTION_STAFF]);
      const wantsCases = hasAnyRole(me.roles, [Role.ASSISTANT, Role.TRANSLATOR]);
      const searcher = wantsProjects || wantsCases ? searcherOf(db, userId, me.account) : undefined;
      const [recommended, pairs, { mine, joined }, similar, cases] = await Promise.all([
        matching.recommend(userId),
        matching.incoming(userId),
        projects.mineAndJoined(userId, lang),
        searcher && wantsProjects
          ? searcher.then((s) => projectSearch.search(userId, RECOMMEND_QUERY, lang, s))
          : undefined,
        searcher && wantsCases
          ? searcher.then((s) => chapters.search(userId, RECOMMEND_QUERY, lang, s))
          : undefined,
      ]);
      const creator = me.loginattr === LoginAttr.CREATOR;
      return {
        project: mine.goon.slice(0, PANEL_SIZE),
        join: joined.goon.slice(0, PANEL_SIZE),
        editor: creator ? recommended : [],
        originator: creator ? [] : recommended,
        recommend: (similar?.list ?? []).map((p) => ({
          proId: p.project_id,
          title: p.project_title,
          image: p.project_icon,
          nick: p.nick,
          upTime: '',
          chaId: null,
          percent: Math.ceil(p.similar * 100),
          recruit_pos: p.recruit_pos,
        })),
        chapter: (cases?.list ?? []).map((c) => ({
          proId: c.project_id,
          title: `${c.project_title} ${c.chapter_title}`,
          image: c.project_icon,
          nick: c.nick,
          upTime: '',
          chaId: c.chapter_id,
          percent: Math.ceil(c.similar * 100),
          recruit_pos: c.recruit_pos,
        })),
        pairs,
      };
    },

    async todoAggregate(userId: number, lang: Language) {
      const counts = await Promise.all(TODO_RULES.map((rule) => rule.count(db, userId)));
      return {
        list: TODO_RULES.map((rule, i) => ({
          type: rule.type,
          type_desc: todoDescription(rule.type, lang),
          cnt: counts[i] ?? 0,
        })),
      };
    },

    async todoList(userId: number, type: number, page: number, pageSize: number, lang: Language) {
      const rule = TODO_RULES.find((r) => r.type === type);
      if (!rule) return { list: [], total: 0 };
      const [items, total] = await Promise.all([
        rule.list(db, userId, pageSize, (page - 1) * pageSize),
        rule.count(db, userId),
      ]);
      const now = new Date();
      return {
        list: items.map(({ deadline, ...item }: TodoItem) => ({
          ...item,
          time_left: timeLeft(deadline, now, lang),
        })),
        total,
      };
    },
  };
}
