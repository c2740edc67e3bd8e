import { ApplicationStatus, RecruitState, RecruitStatus } from '@koma/shared';
import {
  and,
  type Column,
  eq,
  getTableName,
  gt,
  gte,
  lt,
  lte,
  type Placeholder,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { tokyoDay } from '../../lib/calendar.js';
import { applications, recruitmentPositions, recruitments } from './recruitment.table.js';

/**
 * The one definition of a recruitment's state (docs/recruitment.md), in TypeScript for a row
 * already read and in SQL for the queries that pick recruitments: the stored status says whether
 * the founder (or the project's completion) ended it; the dates, in Tokyo days, say whether it has
 * started or is over. Nothing is written when a date passes, so every reader derives the state;
 * the only place a stored status must agree with the dates is the unique index of open
 * recruitments, which recruitment/add brings up to date first (closeExpired).
 */
export function recruitState(
  r: { status: number; stime: string; etime: string },
  today: string = tokyoDay(),
): RecruitState {
  if (r.status !== RecruitStatus.OPEN || r.etime < today) return RecruitState.ENDED;
  return today < r.stime ? RecruitState.SCHEDULED : RecruitState.ONGOING;
}

const open = eq(recruitments.status, RecruitStatus.OPEN);
/** A Tokyo day (YYYY-MM-DD), or the placeholder of one in a prepared query. */
type Day = string | Placeholder;

/** Recruiting now: applications are taken, the searches list it. */
export const ongoingOn = (today: Day): SQL =>
  and(open, lte(recruitments.stime, today), gte(recruitments.etime, today)) as SQL;

/** Not yet started: the founder may still change it. */
export const scheduledOn = (today: Day): SQL => and(open, gt(recruitments.stime, today)) as SQL;

/** Scheduled or ongoing: what the founder can end. */
export const notEndedOn = (today: Day): SQL => and(open, gte(recruitments.etime, today)) as SQL;

/** Stored as open, but its end date has passed. */
export const expiredOn = (today: Day): SQL => and(open, lt(recruitments.etime, today)) as SQL;

/**
 * A column named with its table. Drizzle leaves the table out of column names in a query on one
 * table, which would make a correlated subquery compare a column with itself.
 */
const qualified = (table: Table, column: Column) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

const rp = {
  recruitmentId: qualified(recruitmentPositions, recruitmentPositions.recruitmentId),
  positionId: qualified(recruitmentPositions, recruitmentPositions.positionId),
  num: qualified(recruitmentPositions, recruitmentPositions.num),
};
const app = {
  recruitmentId: qualified(applications, applications.recruitmentId),
  positionId: qualified(applications, applications.positionId),
  status: qualified(applications, applications.status),
};

/** The applications accepted for a position of a recruitment (correlated on recruitment_positions). */
export const hiredCount = sql<number>`(select count(*) from ${applications}
  where ${app.recruitmentId} = ${rp.recruitmentId} and ${app.positionId} = ${rp.positionId}
    and ${app.status} = ${ApplicationStatus.ACCEPTED})`;

/**
 * The positions of a recruitment (correlated on recruitments) that still take people: fewer
 * accepted than their number. A filled position is no longer recruited, for the cards and the
 * searches as for applying.
 */
export const openPositionIds = sql<number[]>`coalesce((select array_agg(${rp.positionId}
  order by ${rp.positionId}) from ${recruitmentPositions}
  where ${rp.recruitmentId} = ${qualified(recruitments, recruitments.id)}
    and ${rp.num} > ${hiredCount}), '{}')`;
