-- UNLOGGED by hand (drizzle-kit cannot express it): leases are disposable, a crash merely frees them.
CREATE UNLOGGED TABLE "live_stream_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_stream_slots" ADD CONSTRAINT "live_stream_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_slots_user_idx" ON "live_stream_slots" USING btree ("user_id","expires_at");