import { LoginAttr } from '@koma/shared';

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
