CREATE TABLE "page_mark_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"mark_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"upload_id" integer,
	"step_id" integer,
	"num" smallint NOT NULL,
	"shape" jsonb NOT NULL,
	"color" text NOT NULL,
	"comment" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"author_id" integer NOT NULL,
	"state_by" integer,
	"state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_marks_state_check" CHECK ("page_marks"."state" in ('open', 'resolved', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "page_mark_replies" ADD CONSTRAINT "page_mark_replies_mark_id_page_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."page_marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_mark_replies" ADD CONSTRAINT "page_mark_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_marks" ADD CONSTRAINT "page_marks_page_id_chapter_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."chapter_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_marks" ADD CONSTRAINT "page_marks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_marks" ADD CONSTRAINT "page_marks_step_id_workflow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_marks" ADD CONSTRAINT "page_marks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_marks" ADD CONSTRAINT "page_marks_state_by_users_id_fk" FOREIGN KEY ("state_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_mark_replies_mark_idx" ON "page_mark_replies" USING btree ("mark_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_marks_page_num_key" ON "page_marks" USING btree ("page_id","num");--> statement-breakpoint
CREATE INDEX "page_marks_upload_idx" ON "page_marks" USING btree ("upload_id");