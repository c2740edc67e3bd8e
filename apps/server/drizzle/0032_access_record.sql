CREATE TABLE "access_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"chapter_id" integer,
	"chapter_title" text DEFAULT '' NOT NULL,
	"page_num" integer,
	"upload_id" integer,
	"kind" text NOT NULL,
	"user_id" integer,
	"review_link_id" integer,
	"guest_name" text,
	"code" text DEFAULT '' NOT NULL,
	"network" text NOT NULL,
	"dedupe" text,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_watermarks" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"originals" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watermark_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"review_link_id" integer,
	"guest_name" text,
	"viewer" text NOT NULL,
	"name" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_watermarks" ADD CONSTRAINT "project_watermarks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_watermarks" ADD CONSTRAINT "project_watermarks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_codes" ADD CONSTRAINT "watermark_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_codes" ADD CONSTRAINT "watermark_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_records_dedupe" ON "access_records" USING btree ("dedupe") WHERE "access_records"."dedupe" is not null;--> statement-breakpoint
CREATE INDEX "access_records_project_idx" ON "access_records" USING btree ("project_id","last_at");--> statement-breakpoint
CREATE INDEX "access_records_page_idx" ON "access_records" USING btree ("project_id","chapter_id","page_num");--> statement-breakpoint
CREATE INDEX "access_records_user_idx" ON "access_records" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "access_records_code_idx" ON "access_records" USING btree ("code");--> statement-breakpoint
CREATE INDEX "access_records_first_idx" ON "access_records" USING btree ("first_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watermark_codes_viewer_day" ON "watermark_codes" USING btree ("project_id","viewer","day");