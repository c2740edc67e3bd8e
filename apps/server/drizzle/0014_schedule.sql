ALTER TABLE "chapters" ADD COLUMN "due_buffer_days" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "forecast_status" text;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "due_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "reminded" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "workflow_steps_due_idx" ON "workflow_steps" USING btree ("due_on") WHERE "workflow_steps"."status" <> 10;