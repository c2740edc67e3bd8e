CREATE TABLE "preflight_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"findings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"chapter_id" integer,
	"preset" text NOT NULL,
	"trim_width_mm" real,
	"trim_height_mm" real,
	"bleed_mm" real NOT NULL,
	"frame_width_mm" real,
	"frame_height_mm" real,
	"dpi" smallint NOT NULL,
	"colour" text NOT NULL,
	"width_px" smallint,
	"page_multiple" smallint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_renditions" ADD COLUMN "colour_mode" text;--> statement-breakpoint
ALTER TABLE "page_renditions" ADD COLUMN "bit_depth" smallint;--> statement-breakpoint
ALTER TABLE "page_renditions" ADD COLUMN "density" integer;--> statement-breakpoint
ALTER TABLE "preflight_consents" ADD CONSTRAINT "preflight_consents_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preflight_consents" ADD CONSTRAINT "preflight_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_specs" ADD CONSTRAINT "print_specs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_specs" ADD CONSTRAINT "print_specs_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_specs" ADD CONSTRAINT "print_specs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_specs_project_key" ON "print_specs" USING btree ("project_id") WHERE "print_specs"."chapter_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "print_specs_chapter_key" ON "print_specs" USING btree ("chapter_id") WHERE "print_specs"."chapter_id" is not null;