ALTER TABLE "print_specs" ADD COLUMN "binding" text DEFAULT 'perfect' NOT NULL;--> statement-breakpoint
ALTER TABLE "print_specs" ADD COLUMN "drawn_paper" text DEFAULT 'print' NOT NULL;--> statement-breakpoint
ALTER TABLE "print_specs" ADD COLUMN "drawn_width_mm" real;--> statement-breakpoint
ALTER TABLE "print_specs" ADD COLUMN "drawn_height_mm" real;--> statement-breakpoint
ALTER TABLE "print_specs" ADD COLUMN "reduction_pct" real DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_specs" ADD COLUMN "delivery_size" text DEFAULT 'drawn' NOT NULL;--> statement-breakpoint
-- Issue 41 (docs/print.md, "Page count"): a spec asking a multiple of 4 was a 中綴じ rule; the
-- 同人誌 presets and custom specs that asked it keep it as 中綴じ. 単行本, 新書判 and 商業誌 are
-- 無線綴じ and a chapter's count is no longer checked against 4; webtoon has no binding.
UPDATE "print_specs" SET "binding" = 'saddle' WHERE "page_multiple" = 4 AND "preset" IN ('doujinA5', 'doujinB5', 'custom');--> statement-breakpoint
UPDATE "print_specs" SET "page_multiple" = 1 WHERE "preset" IN ('tankobonB6', 'shinsho', 'magazineB5');--> statement-breakpoint
UPDATE "print_specs" SET "binding" = 'none' WHERE "preset" = 'webtoon';
