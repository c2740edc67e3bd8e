ALTER TABLE "notices" ADD COLUMN "target_kind" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_project_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_chapter_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_page_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_user_id" integer;