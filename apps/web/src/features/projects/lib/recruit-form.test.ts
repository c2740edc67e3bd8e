import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isBeforeYesterday } from '../../../lib/dates';
import { formValuesOf, type RecruitFormValues, recruitProblems, toRecruitBody } from './recruit-form';

const recruitProblem = (v: RecruitFormValues, at: dayjs.Dayjs) => recruitProblems(v, at)[0]?.key ?? null;

const now = dayjs('2025-06-10T12:00:00');
const base: RecruitFormValues = {
  kind: 1,
  dates: [dayjs('2025-06-10'), dayjs('2025-06-20')],
  counts: { 2: 1, 3: 0 },
  chapterId: null,
  condition: ' 経験者 ',
};

describe('recruitProblems', () => {
  it('names every failing field at once, in the spec order', () => {
    expect(recruitProblems({ ...base, kind: 2, dates: null, counts: {} }, now)).toEqual([
      { field: 'dates', key: 'recruitDatesRequired' },
      { field: 'counts', key: 'recruitPositionsRequired' },
      { field: 'chapterId', key: 'recruitChapterRequired' },
    ]);
    expect(recruitProblems({ ...base, kind: 2, chapterId: 4 }, now)).toEqual([]);
  });

  it('checks dates, positions, then the chapter', () => {
    expect(recruitProblem({ ...base, dates: null, counts: {} }, now)).toBe('recruitDatesRequired');
    expect(recruitProblem({ ...base, counts: { 2: 0 } }, now)).toBe('recruitPositionsRequired');
    expect(recruitProblem({ ...base, kind: 2, counts: {} }, now)).toBe('recruitPositionsRequired');
    expect(recruitProblem({ ...base, kind: 2 }, now)).toBe('recruitChapterRequired');
    expect(recruitProblem({ ...base, kind: 2, chapterId: 4 }, now)).toBeNull();
    expect(recruitProblem(base, now)).toBeNull();
  });

  it('allows dates from yesterday on', () => {
    expect(isBeforeYesterday(dayjs('2025-06-09'), now)).toBe(false);
    expect(isBeforeYesterday(dayjs('2025-06-08'), now)).toBe(true);
    expect(recruitProblem({ ...base, dates: [dayjs('2025-06-08'), dayjs('2025-06-20')] }, now)).toBe(
      'recruitDatesInvalid',
    );
  });
});

describe('toRecruitBody', () => {
  it('sends days and positions above 0', () => {
    expect(toRecruitBody(3, base)).toEqual({
      kind: 1,
      projectId: 3,
      stime: '2025-06-10',
      etime: '2025-06-20',
      positions: [{ position_id: 2, num: 1 }],
      condition: '経験者',
    });
    expect(toRecruitBody(3, { ...base, kind: 2, chapterId: 9 }).chapterId).toBe(9);
  });
});

describe('formValuesOf', () => {
  it('fills the form with a stored recruitment, and gives back the same body', () => {
    const detail = {
      id: 7,
      kind: 2,
      stime: '2025-06-13',
      etime: '2025-06-30',
      condition: '経験者',
      isongoing: 0,
      state: 0,
      chapterId: 4,
      details: [
        {
          position_id: 6,
          position: '背景アシスタント',
          num: 2,
          applynum: 0,
          donenum: 0,
          filled: false,
          applied: false,
        },
      ],
    };
    const values = formValuesOf(detail);
    expect(values.dates?.map((d) => d?.format('YYYY-MM-DD'))).toEqual(['2025-06-13', '2025-06-30']);
    expect(toRecruitBody(9, values)).toEqual({
      kind: 2,
      projectId: 9,
      stime: '2025-06-13',
      etime: '2025-06-30',
      positions: [{ position_id: 6, num: 2 }],
      condition: '経験者',
      chapterId: 4,
    });
  });
});
