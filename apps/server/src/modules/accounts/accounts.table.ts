import type { Achievement } from '@koma/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased: e-mail addresses compare case-insensitively. */
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    loginattr: smallint('loginattr').notNull(),
    status: smallint('status').notNull().default(0),
    isFirst: boolean('is_first').notNull().default(true),
    /** 1 創作, 2 エッセイ (spec: type / creativecap). */
    creativecap: smallint('creativecap').array().notNull().default(sql`'{}'`),
    medias: smallint('medias').array().notNull().default(sql`'{}'`),
    genres: smallint('genres').array().notNull().default(sql`'{}'`),
    positions: smallint('positions').array().notNull().default(sql`'{}'`),
    methods: smallint('methods').array().notNull().default(sql`'{}'`),
    /** Derived from loginattr and positions by computeRoles whenever they change. */
    roles: smallint('roles').array().notNull().default(sql`'{}'`),
    pic: text('pic').notNull().default(''),
    icon: text('icon').notNull().default(''),
    // The profile. Kept on the account row: one read serves search and detail.
    /** Editors: affiliation id (1 publisher, 2 freelance). */
    drawmethod: smallint('drawmethod'),
    experience: smallint('experience').array().notNull().default(sql`'{}'`),
    adscartoon: smallint('adscartoon'),
    publish: smallint('publish'),
    introduction: text('introduction').notNull().default(''),
    cartoon: text('cartoon').notNull().default(''),
    cartooner: text('cartooner').notNull().default(''),
    cute: text('cute').notNull().default(''),
    themes: text('themes').array().notNull().default(sql`'{}'`),
    rewards: text('rewards').array().notNull().default(sql`'{}'`),
    portfolio: text('portfolio').notNull().default(''),
    achievements: jsonb('achievements').$type<Achievement[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Person search: opposite kind among active accounts, newest first, filtered by array overlap.
    index('users_search_idx').on(t.loginattr, t.status, t.id),
    // The in-memory match index follows changes by this column.
    index('users_updated_idx').on(t.updatedAt),
    index('users_genres_gin').using('gin', t.genres),
    index('users_medias_gin').using('gin', t.medias),
    index('users_creativecap_gin').using('gin', t.creativecap),
    index('users_positions_gin').using('gin', t.positions),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token: a leaked table does not leak usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time links mailed to a user: registration confirmation and password reset. */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mail_tokens_user_idx').on(t.userId, t.purpose)],
);
