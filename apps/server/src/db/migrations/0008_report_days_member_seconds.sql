ALTER TABLE "report_days" ADD COLUMN "member_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Built days are a cache: built again, with the new column, when next read.
DELETE FROM "report_day_groups";--> statement-breakpoint
DELETE FROM "report_days";
