import { AccountStatus, computeRoles, LoginAttr } from '@koma/shared';
import type { Db } from '../db/client.js';
import * as accounts from '../modules/accounts/accounts.repository.js';

export interface DemoPerson {
  email: string;
  nickname: string;
  loginattr: number;
  creativecap: number[];
  medias: number[];
  genres: number[];
  positions: number[];
  methods: number[];
}

/** A believable cast: creators of every kind and editors, with filled-in matching data. */
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    email: 'sakura@demo.koma.example',
    nickname: '桜井 さくら',
    loginattr: LoginAttr.CREATOR,
    creativecap: [1],
    medias: [1, 2],
    genres: [2, 5, 6],
    positions: [1, 3],
    methods: [2],
  },
  {
    email: 'haruto@demo.koma.example',
    nickname: '高橋 陽翔',
    loginattr: LoginAttr.CREATOR,
    creativecap: [1],
    medias: [1, 3],
    genres: [1, 5, 14],
    positions: [2, 4],
    methods: [2],
  },
  {
    email: 'yui@demo.koma.example',
    nickname: '佐藤 結衣',
    loginattr: LoginAttr.CREATOR,
    creativecap: [1, 2],
    medias: [2, 7],
    genres: [6, 12],
    positions: [6, 8, 9],
    methods: [2],
  },
  {
    email: 'kenta@demo.koma.example',
    nickname: '鈴木 健太',
    loginattr: LoginAttr.CREATOR,
    creativecap: [1],
    medias: [3, 4],
    genres: [3, 7, 11],
    positions: [5, 6],
    methods: [1, 2],
  },
  {
    email: 'mio@demo.koma.example',
    nickname: '伊藤 美桜',
    loginattr: LoginAttr.CREATOR,
    creativecap: [2],
    medias: [1, 5],
    genres: [12, 15],
    positions: [11, 14],
    methods: [2],
  },
  {
    email: 'ren@demo.koma.example',
    nickname: '渡辺 蓮',
    loginattr: LoginAttr.CREATOR,
    creativecap: [1],
    medias: [1, 2, 6],
    genres: [5, 13, 14],
    positions: [2, 13],
    methods: [2],
  },
  {
    email: 'editor.tanaka@demo.koma.example',
    nickname: '田中 誠（編集）',
    loginattr: LoginAttr.EDITOR,
    creativecap: [1],
    medias: [1, 3],
    genres: [1, 5, 14],
    positions: [],
    methods: [1],
  },
  {
    email: 'editor.kobayashi@demo.koma.example',
    nickname: '小林 彩（編集）',
    loginattr: LoginAttr.EDITOR,
    creativecap: [1, 2],
    medias: [2, 5],
    genres: [2, 6, 12],
    positions: [],
    methods: [2],
  },
  {
    email: 'editor.yamamoto@demo.koma.example',
    nickname: '山本 大輔（編集）',
    loginattr: LoginAttr.EDITOR,
    creativecap: [1],
    medias: [3, 4],
    genres: [3, 7, 8],
    positions: [],
    methods: [1],
  },
];

export const DEMO_PASSWORD = 'koma-demo-2025';

/** Inserts the demo people that are missing; every demo person's id by e-mail. */
export async function seedDemoPeople(db: Db, passwordHash: string) {
  let created = 0;
  const ids: Record<string, number> = {};
  for (const person of DEMO_PEOPLE) {
    const existing = await accounts.findUserByEmail(db, person.email);
    if (existing) {
      ids[person.email] = existing.id;
      continue;
    }
    const user = await accounts.insertUser(db, {
      ...person,
      passwordHash,
      status: AccountStatus.ACTIVE,
      isFirst: false,
      roles: computeRoles(person.loginattr, person.positions),
    });
    ids[person.email] = user.id;
    created += 1;
  }
  return { created, ids };
}

/** The id of a demo account by its e-mail, from the ids `seedDemoPeople` made or found. */
export function demoAccount(ids: Record<string, number>): (email: string) => number {
  return (email) => {
    const found = ids[email];
    if (!found) throw new Error(`demo account ${email} missing`);
    return found;
  };
}
