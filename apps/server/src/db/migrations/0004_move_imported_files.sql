-- Imported files move out of the calendar row (read by every meeting query) into calendar_sources, as bytes.
INSERT INTO "calendar_sources" ("calendar_id", "content")
SELECT "id", convert_to("source_content", 'UTF8') FROM "calendars" WHERE "source_content" IS NOT NULL
ON CONFLICT ("calendar_id") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "calendars" DROP COLUMN "source_content";
