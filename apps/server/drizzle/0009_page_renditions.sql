CREATE TABLE "page_renditions" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"previews_at" timestamp with time zone,
	"width" integer,
	"height" integer,
	"tile_size" smallint,
	"tile_overlap" smallint,
	"tile_format" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_renditions_status_check" CHECK ("page_renditions"."status" in ('pending', 'ready', 'failed', 'unsupported'))
);
--> statement-breakpoint
ALTER TABLE "page_renditions" ADD CONSTRAINT "page_renditions_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;