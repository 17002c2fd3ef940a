-- A built day says when it was built, as a sequence number: derived answers (Review's period suggestions) stay
-- valid while their period's days are the same builds. The column is added without a default first, so the
-- table is not rewritten (a volatile default would fill every existing row); only new days get a number.
CREATE SEQUENCE IF NOT EXISTS "report_days_built";--> statement-breakpoint
ALTER TABLE "report_days" ADD COLUMN "built" bigint;--> statement-breakpoint
ALTER TABLE "report_days" ALTER COLUMN "built" SET DEFAULT nextval('report_days_built');
