ALTER TABLE "team_invitations" ADD COLUMN "seat" smallint;--> statement-breakpoint
ALTER TABLE "project_events" ADD COLUMN "seat" smallint;