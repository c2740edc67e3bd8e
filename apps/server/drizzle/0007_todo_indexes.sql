DROP INDEX "workflow_steps_chapter_idx";--> statement-breakpoint
CREATE INDEX "workflow_steps_chapter_status_idx" ON "workflow_steps" USING btree ("chapter_id","status");