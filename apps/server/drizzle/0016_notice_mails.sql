CREATE TABLE "notice_mail_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"time_zone" text NOT NULL,
	"digest_hour" smallint NOT NULL,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "mail_mode" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "digest_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notice_mail_settings" ADD CONSTRAINT "notice_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_digest_due_idx" ON "notices" USING btree ("user_id") WHERE "notices"."mail_mode" = 'digest' and "notices"."digest_claimed_at" is null;