DROP INDEX "uploads_user_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
-- Every upload stored before this column was put somewhere or rendered at upload already: none is
-- taken for unattached (docs/files.md, "Unattached uploads").
UPDATE "uploads" SET "attached_at" = "created_at";--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");
