import type { Binding, DeliverySize, DrawnPaper, PrintColour, PrintPreset } from '@koma/shared';
import { sql } from 'drizzle-orm';
import {
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * Print specifications (docs/print.md): one a project (chapter_id null), and one per chapter that
 * overrides it. No row: no specification, no preflight. The figures are stored whole, not as a
 * preset name, so a chapter keeps the spec it was made to when a preset's figures are corrected.
 */
export const printSpecs = pgTable(
  'print_specs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    preset: text('preset').$type<PrintPreset>().notNull(),
    trimWidthMm: real('trim_width_mm'),
    trimHeightMm: real('trim_height_mm'),
    bleedMm: real('bleed_mm').notNull(),
    frameWidthMm: real('frame_width_mm'),
    frameHeightMm: real('frame_height_mm'),
    dpi: smallint('dpi').notNull(),
    colour: text('colour').$type<PrintColour>().notNull(),
    widthPx: smallint('width_px'),
    pageMultiple: smallint('page_multiple').notNull(),
    // Issue 41: the binding and the drawn page; rows made before say 無線綴じ, drawn at print size.
    binding: text('binding').$type<Binding>().notNull().default('perfect'),
    drawnPaper: text('drawn_paper').$type<DrawnPaper>().notNull().default('print'),
    drawnWidthMm: real('drawn_width_mm'),
    drawnHeightMm: real('drawn_height_mm'),
    reductionPct: real('reduction_pct').notNull().default(100),
    deliverySize: text('delivery_size').$type<DeliverySize>().notNull().default('drawn'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('print_specs_project_key').on(t.projectId).where(sql`${t.chapterId} is null`),
    uniqueIndex('print_specs_chapter_key').on(t.chapterId).where(sql`${t.chapterId} is not null`),
  ],
);

/**
 * What was agreed to about a chapter's preflight before its final audit (docs/print.md, "The
 * final audit"): the founder's confirmation of the warnings, the editor in charge's 了承 of the
 * errors; each with who, when and the findings it covered (`page:code`), so a new finding asks again.
 */
export const preflightConsents = pgTable('preflight_consents', {
  id: serial('id').primaryKey(),
  chapterId: integer('chapter_id')
    .notNull()
    .references(() => chapters.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'warnings' | 'errors'>().notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  findings: jsonb('findings').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
