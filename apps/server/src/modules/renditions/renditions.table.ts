import { type FileColourMode, type MessageKey, RENDITION_STATUSES, type RenditionStatus } from '@koma/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { uploads } from '../uploads/uploads.table.js';

/** The statuses as an SQL list, from the one definition in @koma/shared. */
const statusList = `(${RENDITION_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The renditions of one upload (docs/renditions.md): made by a job after the upload, gone with it.
 * Dimensions and tile geometry are those of the written tiles, set when the row becomes ready.
 */
export const pageRenditions = pgTable(
  'page_renditions',
  {
    uploadId: integer('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    status: text('status').$type<RenditionStatus>().notNull().default('pending'),
    /** Why there is no rendition (unsupported, failed): a message key, shown in the reader's language. */
    reason: text('reason').$type<MessageKey>(),
    /** When the thumbnail and preview were stored, while the tiles are still being made (pending). */
    previewsAt: timestamp('previews_at', { withTimezone: true }),
    width: integer('width'),
    height: integer('height'),
    tileSize: smallint('tile_size'),
    tileOverlap: smallint('tile_overlap'),
    tileFormat: text('tile_format'),
    /**
     * The page shows the preview a file stores of itself, not its full pixels (a `.clip` file:
     * docs/renditions.md, "CLIP STUDIO files"); the screens say プレビュー画質.
     */
    previewQuality: boolean('preview_quality').notNull().default(false),
    /** What the file says of itself, when it does (a `.clip` file): resolution and layer names. */
    dpi: integer('dpi'),
    layers: jsonb('layers').$type<string[]>(),
    /**
     * What the preflight needs of the file (docs/print.md, "What the render records"): its colour
     * mode and bits per channel, as its header says; null when the render could not tell, or was
     * made before these were recorded (the preflight says 不明).
     */
    colourMode: text('colour_mode').$type<FileColourMode>(),
    bitDepth: smallint('bit_depth'),
    /** The file's own resolution for the preflight (`dpi` above is what the page details show). */
    density: integer('density'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('page_renditions_status_check', sql`${t.status} in ${sql.raw(statusList)}`)],
);
