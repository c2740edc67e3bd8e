import type { Language } from './enums.js';

/** A reference list entry with its name in every interface language. */
export interface ReferenceEntry {
  id: number;
  ja: string;
  zh: string;
  en: string;
}

/** Positions (docs/accounts.md). Fixed ids: other rows refer to them. */
export const POSITIONS: readonly ReferenceEntry[] = [
  { id: 1, ja: '原作', zh: '原作', en: 'Original story' },
  { id: 2, ja: 'メイン作画', zh: '主笔作画', en: 'Main artist' },
  { id: 3, ja: 'ネーム', zh: '分镜', en: 'Storyboard (name)' },
  { id: 4, ja: 'キャラクターデザイン', zh: '角色设计', en: 'Character design' },
  { id: 5, ja: '背景デザイン', zh: '背景设计', en: 'Background design' },
  { id: 6, ja: '背景アシスタント', zh: '背景助手', en: 'Background assistant' },
  { id: 7, ja: 'モブアシスタント', zh: '路人助手', en: 'Crowd assistant' },
  { id: 8, ja: '着彩アシスタント', zh: '上色助手', en: 'Colour assistant' },
  { id: 9, ja: 'トーン・ベタアシスタント', zh: '网点・涂黑助手', en: 'Screentone and fill assistant' },
  { id: 10, ja: '効果アシスタント', zh: '效果助手', en: 'Effects assistant' },
  { id: 11, ja: '写植アシスタント', zh: '嵌字助手', en: 'Lettering assistant' },
  { id: 12, ja: 'その他アシスタント', zh: '其他助手', en: 'Other assistant' },
  { id: 13, ja: '進行管理', zh: '进度管理', en: 'Production manager' },
  { id: 14, ja: '翻訳', zh: '翻译', en: 'Translation' },
];

/** Drawing methods. */
export const METHODS: readonly ReferenceEntry[] = [
  { id: 1, ja: 'アナログ', zh: '手绘', en: 'Analogue' },
  { id: 2, ja: 'デジタル', zh: '数码', en: 'Digital' },
];

/** Editor affiliation (an editor's drawmethod). */
export const AFFILIATIONS: readonly ReferenceEntry[] = [
  { id: 1, ja: '出版社編集部所属', zh: '出版社编辑部', en: "Publisher's editorial department" },
  { id: 2, ja: 'フリーランス', zh: '自由职业', en: 'Freelance' },
];

/** Media a work appears in. */
export const MEDIAS: readonly ReferenceEntry[] = [
  { id: 1, ja: 'Webマンガ', zh: '网络漫画', en: 'Web manga' },
  { id: 2, ja: 'マンガアプリ', zh: '漫画App', en: 'Manga app' },
  { id: 3, ja: '雑誌', zh: '杂志', en: 'Magazine' },
  { id: 4, ja: '単行本', zh: '单行本', en: 'Book (tankōbon)' },
  { id: 5, ja: '電子書籍', zh: '电子书', en: 'E-book' },
  { id: 6, ja: '同人誌', zh: '同人志', en: 'Dōjinshi' },
  { id: 7, ja: 'SNS', zh: '社交网络', en: 'Social media' },
  { id: 8, ja: '広告マンガ', zh: '广告漫画', en: 'Advertising manga' },
];

/** Genres (spec: typebigs / typeb). */
export const GENRES: readonly ReferenceEntry[] = [
  { id: 1, ja: '少年', zh: '少年', en: 'Shōnen' },
  { id: 2, ja: '少女', zh: '少女', en: 'Shōjo' },
  { id: 3, ja: '青年', zh: '青年', en: 'Seinen' },
  { id: 4, ja: '女性', zh: '女性', en: 'Josei' },
  { id: 5, ja: 'ファンタジー', zh: '奇幻', en: 'Fantasy' },
  { id: 6, ja: '恋愛', zh: '恋爱', en: 'Romance' },
  { id: 7, ja: 'ミステリー', zh: '推理', en: 'Mystery' },
  { id: 8, ja: 'ホラー', zh: '恐怖', en: 'Horror' },
  { id: 9, ja: 'ギャグ', zh: '搞笑', en: 'Comedy' },
  { id: 10, ja: 'スポーツ', zh: '运动', en: 'Sports' },
  { id: 11, ja: '歴史', zh: '历史', en: 'Historical' },
  { id: 12, ja: '日常', zh: '日常', en: 'Slice of life' },
  { id: 13, ja: 'SF', zh: '科幻', en: 'Science fiction' },
  { id: 14, ja: 'アクション', zh: '动作', en: 'Action' },
  { id: 15, ja: 'グルメ', zh: '美食', en: 'Food' },
  { id: 16, ja: 'お仕事', zh: '职场', en: 'Workplace' },
  { id: 17, ja: 'BL', zh: 'BL', en: "Boys' love" },
  { id: 18, ja: 'TL', zh: 'TL', en: "Teens' love" },
];

/** Creation / essay choices. */
export const CREATIVECAPS: readonly ReferenceEntry[] = [
  { id: 1, ja: '創作', zh: '创作', en: 'Fiction' },
  { id: 2, ja: 'エッセイ', zh: '随笔', en: 'Essay' },
];

export function referenceName(list: readonly ReferenceEntry[], id: number, lang: Language): string {
  return list.find((e) => e.id === id)?.[lang] ?? String(id);
}
