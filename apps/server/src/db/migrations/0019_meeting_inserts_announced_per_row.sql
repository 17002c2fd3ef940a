-- Inserted meetings are announced to the read caches by a row trigger that a transaction may turn off for itself,
-- no longer by a statement trigger with a transition table. PostgreSQL fills a transition table with every new
-- row whatever the trigger then reads: for a first import that was 50,000 rows of about 2 kB each (about 0.3 s
-- of a 1.9 s COPY) to learn one user id. A first import sets meetwell.meetings_announced for its transaction
-- and announces its owner itself (meetwell_announce_changed_users); its attendees' and items' triggers already
-- skip in that case (0012). Any other insert is announced row by row: PostgreSQL sends identical
-- notifications of one transaction once, so a user is still announced once however many meetings they got.
CREATE OR REPLACE FUNCTION meetwell_announce_changed_users(topic text, ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  i int;
BEGIN
  -- 150 ids (about 5.9 kB) per notification: PostgreSQL refuses payloads of 8000 bytes or more.
  FOR i IN 1 .. coalesce(array_length(ids, 1), 0) BY 150 LOOP
    PERFORM pg_notify('meetwell_events', json_build_object('t', topic, 'm', ids[i:i + 149])::text);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meetwell_notify_inserted_meeting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meetwell_announce_changed_users(TG_ARGV[0], ARRAY[NEW.user_id::text]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "meetings_notify_insert" ON "meetings";
--> statement-breakpoint
CREATE TRIGGER "meetings_notify_insert" AFTER INSERT ON "meetings" FOR EACH ROW
  WHEN (current_setting('meetwell.meetings_announced', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION meetwell_notify_inserted_meeting('meetings.changed');
