ALTER TABLE "page_renditions" ADD COLUMN "preview_quality" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_renditions" ADD COLUMN "dpi" integer;--> statement-breakpoint
ALTER TABLE "page_renditions" ADD COLUMN "layers" jsonb;