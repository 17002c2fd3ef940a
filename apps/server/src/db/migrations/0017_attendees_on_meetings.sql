-- A meeting's attendees move onto its row, as the API shows them (features/calendars/sync/attendee-list.ts):
-- no query looks a meeting up by attendee, and the rows of their own cost a first import 150,000 more rows
-- (index entries and foreign-key checks) per 50,000 events, and every meetings list a lookup per meeting.
ALTER TABLE "meetings" ADD COLUMN "attendees" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
UPDATE "meetings" m SET "attendees" = a.list
  FROM (
    SELECT at.meeting_id, json_agg(json_build_object(
             'email', at.email,
             'name', at.name,
             'role', CASE WHEN at.organizer THEN 'organizer' ELSE coalesce(at.role, 'attendee') END,
             'optional', at.optional,
             'status', at.response_status,
             'self', at.is_self
           ) ORDER BY at.organizer DESC, at.email COLLATE "C") AS list
      FROM (
        -- At most 200 a meeting (ATTENDEES_KEPT), the organizer and the user always among them, as a sync keeps.
        SELECT a.*,
               row_number() OVER (PARTITION BY a.meeting_id, (a.organizer OR a.is_self)
                                  ORDER BY a.email COLLATE "C") AS place,
               count(*) FILTER (WHERE a.organizer OR a.is_self) OVER (PARTITION BY a.meeting_id) AS first
          FROM "attendees" a
      ) at
     WHERE at.organizer OR at.is_self OR at.place <= 200 - at.first
     GROUP BY at.meeting_id
  ) a
 WHERE a.meeting_id = m.id;--> statement-breakpoint
DROP TABLE "attendees" CASCADE;
