ALTER TABLE "calendars" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "connection_problem" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "connection_broken_at" timestamp with time zone;
