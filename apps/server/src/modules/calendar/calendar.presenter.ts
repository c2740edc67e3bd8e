import { calendarTexts, type Language, POSITIONS, referenceName } from '@koma/shared';
import { ICalCalendar } from 'ical-generator';

export interface DueStep {
  stepId: number;
  dueOn: string;
  positionId: number;
  pageId: number;
  num: number;
  chapterId: number;
  chapter: string;
  projectId: number;
  project: string;
}

export interface OpenChapter {
  chapterId: number;
  chapter: string;
  scriptAt: string;
  checkAt: string;
  scriptOpen: boolean;
  projectId: number;
  project: string;
}

/** How often calendar services are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;
/** The UIDs' domain: an event keeps its UID, so a moved due day replaces it in the calendar. */
const UID_DOMAIN = 'koma';

/** A `YYYY-MM-DD` day as the midnight UTC that ical-generator writes back as that same date. */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDayOf = (day: string) => new Date(dayOf(day).getTime() + 86_400_000);

/**
 * The feed as iCalendar text (RFC 5545), written in the feed's language: one all-day event per
 * step due day and per chapter deadline, each with a link to its screen (docs/calendar.md).
 */
export function feedText(
  input: { steps: readonly DueStep[]; chapters: readonly OpenChapter[]; lang: Language; publicUrl: string },
  now: Date,
): string {
  const texts = calendarTexts(input.lang);
  const calendar = new ICalCalendar({
    name: texts.name,
    description: texts.description,
    prodId: { company: 'Koma', product: 'Koma', language: input.lang.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
  const chapterLink = (screen: 'details' | 'script', projectId: number, chapterId: number) =>
    `${input.publicUrl}/chapter/${screen}?projectId=${projectId}&chapterId=${chapterId}`;
  const add = (uid: string, day: string, summary: string, url: string) =>
    calendar.createEvent({
      id: `${uid}@${UID_DOMAIN}`,
      start: dayOf(day),
      end: nextDayOf(day),
      allDay: true,
      stamp: now,
      summary,
      description: texts.open(url),
      url,
    });
  for (const s of input.steps) {
    const position = referenceName(POSITIONS, s.positionId, input.lang);
    const params = { project: s.project, chapter: s.chapter, page: s.num, position };
    add(
      `step-${s.stepId}`,
      s.dueOn,
      texts.summary('step', params),
      `${chapterLink('details', s.projectId, s.chapterId)}&pageId=${s.pageId}`,
    );
  }
  for (const c of input.chapters) {
    const params = { project: c.project, chapter: c.chapter };
    // A deadline met is no longer one: an approved storyboard leaves only the check day.
    if (c.scriptOpen)
      add(
        `chapter-${c.chapterId}-script`,
        c.scriptAt,
        texts.summary('scriptAt', params),
        chapterLink('script', c.projectId, c.chapterId),
      );
    add(
      `chapter-${c.chapterId}-check`,
      c.checkAt,
      texts.summary('checkAt', params),
      chapterLink('details', c.projectId, c.chapterId),
    );
  }
  return calendar.toString();
}
