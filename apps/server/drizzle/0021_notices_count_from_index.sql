DROP INDEX "notices_user_idx";--> statement-breakpoint
CREATE INDEX "notices_user_read_idx" ON "notices" USING btree ("user_id","id","read_at");