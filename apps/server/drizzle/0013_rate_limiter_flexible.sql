-- By hand: the counters are disposable, so the old windows are dropped rather than converted to
-- rate-limiter-flexible's columns (a row without expire would never end). The table stays UNLOGGED.
TRUNCATE TABLE "rate_limits";--> statement-breakpoint
DROP INDEX "rate_limits_reset_at_idx";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" bigint;--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "hits";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "reset_at";