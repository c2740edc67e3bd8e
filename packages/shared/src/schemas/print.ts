import { z } from 'zod';
import { PRINT_LIMITS as L } from '../limits.js';
import { BINDINGS, DELIVERY_SIZES, DRAWN_PAPERS, PRINT_COLOURS, PRINT_PRESETS } from '../print-specs.js';
import { rowId } from './common.js';
import { chapterRef } from './production.js';

/** Print specifications and preflight (docs/print.md). */
const id = rowId();
const mm = (min: number, max: number, error: string) =>
  z.number({ error }).min(min, { error }).max(max, { error });

/**
 * What the founder sends: a preset with its colour and resolution, or, for `custom`, every figure.
 * The server fills a preset's figures from packages/shared/src/print-specs.ts.
 */
export const printSpecInput = z
  .object({
    preset: z.enum(PRINT_PRESETS, { error: 'printSpecPreset' }),
    colour: z.enum(PRINT_COLOURS, { error: 'invalidValue' }),
    dpi: z
      .number({ error: 'printSpecDpi' })
      .int({ error: 'printSpecDpi' })
      .min(L.dpiMin, { error: 'printSpecDpi' })
      .max(L.dpiMax, { error: 'printSpecDpi' }),
    trimWidthMm: mm(L.trimMinMm, L.trimMaxMm, 'printSpecTrim').optional(),
    trimHeightMm: mm(L.trimMinMm, L.trimMaxMm, 'printSpecTrim').optional(),
    bleedMm: mm(0, L.bleedMaxMm, 'printSpecBleed').optional(),
    frameWidthMm: mm(0, L.trimMaxMm, 'printSpecFrame').optional(),
    frameHeightMm: mm(0, L.trimMaxMm, 'printSpecFrame').optional(),
    widthPx: z
      .number({ error: 'printSpecWidthPx' })
      .int({ error: 'printSpecWidthPx' })
      .min(L.webtoonWidthMinPx, { error: 'printSpecWidthPx' })
      .max(L.webtoonWidthMaxPx, { error: 'printSpecWidthPx' })
      .optional(),
    pageMultiple: z
      .number({ error: 'printSpecPageMultiple' })
      .refine((n) => (L.pageMultiples as readonly number[]).includes(n), { error: 'printSpecPageMultiple' })
      .optional(),
    binding: z.enum(BINDINGS, { error: 'invalidValue' }).optional(),
    // The drawn page (docs/print.md, "The drawn page"); left out: drawn at print size.
    drawnPaper: z.enum(DRAWN_PAPERS, { error: 'invalidValue' }).optional(),
    drawnWidthMm: mm(L.trimMinMm, L.trimMaxMm, 'printSpecDrawn').optional(),
    drawnHeightMm: mm(L.trimMinMm, L.trimMaxMm, 'printSpecDrawn').optional(),
    reductionPct: mm(L.reductionMinPct, L.reductionMaxPct, 'printSpecReduction').optional(),
    deliverySize: z.enum(DELIVERY_SIZES, { error: 'invalidValue' }).optional(),
  })
  .superRefine((spec, ctx) => {
    if (spec.colour === 'mono' && spec.dpi !== 600 && spec.dpi !== 1200 && spec.preset !== 'webtoon') {
      ctx.addIssue({ code: 'custom', path: ['dpi'], message: 'printSpecMonoDpi' });
    }
    if (spec.drawnPaper === 'custom') {
      for (const key of ['drawnWidthMm', 'drawnHeightMm', 'reductionPct'] as const) {
        if (spec[key] !== undefined) continue;
        const message = key === 'reductionPct' ? 'printSpecReduction' : 'printSpecDrawn';
        ctx.addIssue({ code: 'custom', path: [key], message });
      }
    }
    if (spec.preset !== 'custom') return;
    for (const key of ['trimWidthMm', 'trimHeightMm'] as const) {
      if (spec[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'printSpecTrim' });
    }
    if (spec.bleedMm === undefined)
      ctx.addIssue({ code: 'custom', path: ['bleedMm'], message: 'printSpecBleed' });
    const frameTooLarge =
      (spec.frameWidthMm ?? 0) > (spec.trimWidthMm ?? Number.POSITIVE_INFINITY) ||
      (spec.frameHeightMm ?? 0) > (spec.trimHeightMm ?? Number.POSITIVE_INFINITY);
    if (frameTooLarge) ctx.addIssue({ code: 'custom', path: ['frameWidthMm'], message: 'printSpecFrame' });
  });
export type PrintSpecInput = z.input<typeof printSpecInput>;

export const printSpecData = z.object({
  preset: z.enum(PRINT_PRESETS),
  trimWidthMm: z.number().nullable(),
  trimHeightMm: z.number().nullable(),
  bleedMm: z.number(),
  frameWidthMm: z.number().nullable(),
  frameHeightMm: z.number().nullable(),
  dpi: z.number(),
  colour: z.enum(PRINT_COLOURS),
  widthPx: z.number().nullable(),
  pageMultiple: z.number(),
  binding: z.enum(BINDINGS),
  drawnPaper: z.enum(DRAWN_PAPERS),
  drawnWidthMm: z.number().nullable(),
  drawnHeightMm: z.number().nullable(),
  reductionPct: z.number(),
  deliverySize: z.enum(DELIVERY_SIZES),
});

export const projectRef = z.object({ projectId: id });
export const projectSpecData = z.object({ spec: printSpecData.nullable() });
export const saveProjectSpecBody = projectRef.extend({ spec: printSpecInput.nullable() });
/** A chapter's own spec, the project's, and the one in force (the chapter's, else the project's). */
export const chapterSpecData = z.object({
  own: printSpecData.nullable(),
  project: printSpecData.nullable(),
  effective: printSpecData.nullable(),
});
export const saveChapterSpecBody = chapterRef.extend({ spec: printSpecInput.nullable() });

const preflightConsent = z.object({ nickname: z.string(), at: z.string() });

/** The final audit's request: the founder confirms the preflight's warnings (docs/print.md). */
export const submitAuditBody = chapterRef.extend({ confirmWarnings: z.boolean().default(false) });

export const PREFLIGHT_LEVELS = ['error', 'warning'] as const;
export const preflightFinding = z.object({
  level: z.enum(PREFLIGHT_LEVELS),
  /** The words' key under `preflightReasons` in statuses.json. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type PreflightFinding = z.output<typeof preflightFinding>;

export const preflightData = z.object({
  spec: printSpecData.nullable(),
  pages: z.array(
    z.object({
      pageId: z.number(),
      num: z.number(),
      findings: z.array(preflightFinding),
    }),
  ),
  chapter: z.array(preflightFinding),
  errors: z.number(),
  warnings: z.number(),
  /**
   * The founder's confirmation of the warnings and the editor in charge's 了承 of the errors,
   * each while it still covers every current finding of its level (docs/print.md, "The final audit").
   */
  consents: z.object({ warnings: preflightConsent.nullable(), errors: preflightConsent.nullable() }),
});
export type PreflightData = z.output<typeof preflightData>;

/**
 * The delivery (入稿データ, docs/print.md "Delivery"): the final files as handed in, or converted
 * to the spec's format (TIFF, 1-bit or grayscale or colour, at its resolution), or converted into
 * one print-ready PDF (PDF/X-4, docs/print.md "The print-ready PDF").
 */
export const DELIVERY_FORMATS = ['asHandedIn', 'tiff', 'pdf'] as const;
export type DeliveryFormat = (typeof DELIVERY_FORMATS)[number];
export const deliveryBody = chapterRef.extend({ format: z.enum(DELIVERY_FORMATS) });
export const deliveryQuery = z.object({
  projectId: id,
  chapterId: id,
  format: z.enum(DELIVERY_FORMATS),
  // Who asked for the link (signed with it): their running downloads are counted.
  by: id.optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
