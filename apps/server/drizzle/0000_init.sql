CREATE TABLE "mail_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nickname" text NOT NULL,
	"password_hash" text NOT NULL,
	"loginattr" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_first" boolean DEFAULT true NOT NULL,
	"creativecap" smallint[] DEFAULT '{}' NOT NULL,
	"medias" smallint[] DEFAULT '{}' NOT NULL,
	"genres" smallint[] DEFAULT '{}' NOT NULL,
	"positions" smallint[] DEFAULT '{}' NOT NULL,
	"methods" smallint[] DEFAULT '{}' NOT NULL,
	"roles" smallint[] DEFAULT '{}' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliations" (
	"id" smallint PRIMARY KEY NOT NULL,
	"ja" text NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" smallint PRIMARY KEY NOT NULL,
	"ja" text NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medias" (
	"id" smallint PRIMARY KEY NOT NULL,
	"ja" text NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "methods" (
	"id" smallint PRIMARY KEY NOT NULL,
	"ja" text NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"ja" text NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_tokens" ADD CONSTRAINT "mail_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_tokens_user_idx" ON "mail_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");