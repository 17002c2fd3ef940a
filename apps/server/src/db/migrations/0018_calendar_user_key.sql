-- A meeting's calendar and user are checked by one foreign key, (calendar_id, user_id) → calendars (id, user_id),
-- instead of one each: on a first import of 50,000 events PostgreSQL ran 100,000 checks where 50,000 say more
-- (the calendar is the user's). A sync always writes a meeting with its calendar's owner; a row that says
-- otherwise could only be older damage, and it follows its calendar, as the next sync would write it.
CREATE UNIQUE INDEX "calendars_id_user_idx" ON "calendars" USING btree ("id","user_id");--> statement-breakpoint
UPDATE "meetings" m SET "user_id" = c."user_id" FROM "calendars" c WHERE c."id" = m."calendar_id" AND m."user_id" <> c."user_id";--> statement-breakpoint
ALTER TABLE "meetings" DROP CONSTRAINT "meetings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "meetings" DROP CONSTRAINT "meetings_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_calendar_user_fk" FOREIGN KEY ("calendar_id","user_id") REFERENCES "public"."calendars"("id","user_id") ON DELETE cascade ON UPDATE no action;
