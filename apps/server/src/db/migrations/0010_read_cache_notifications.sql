-- Read caches (features/meetings/week-cache.ts, auth/sessions.ts) are told which users' data changed: one
-- notification per statement, naming each user once, on the channel the pub/sub listens to. Statement-level
-- triggers with transition tables, so a bulk import of thousands of rows costs one small query, not a trigger
-- call per row. Arguments: the pub/sub topic, and the column that names the user (or 'meeting_id' for rows
-- that belong to a meeting, whose user is the meeting's).
CREATE OR REPLACE FUNCTION meetwell_notify_changed_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text := TG_ARGV[0];
  owner text := TG_ARGV[1];
  ids text[];
  i int;
BEGIN
  IF owner = 'user_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT user_id::text) INTO ids FROM new_rows WHERE user_id IS NOT NULL;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(DISTINCT u::text) INTO ids
        FROM (SELECT user_id AS u FROM new_rows UNION SELECT user_id FROM old_rows) s WHERE u IS NOT NULL;
    ELSE
      SELECT array_agg(DISTINCT user_id::text) INTO ids FROM old_rows WHERE user_id IS NOT NULL;
    END IF;
  ELSIF owner = 'id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT id::text) INTO ids FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(DISTINCT u::text) INTO ids FROM (SELECT id AS u FROM new_rows UNION SELECT id FROM old_rows) s;
    ELSE
      SELECT array_agg(DISTINCT id::text) INTO ids FROM old_rows;
    END IF;
  ELSE
    -- Rows of a meeting: a meeting deleted with them is announced by the meetings trigger itself.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT m.user_id::text) INTO ids
        FROM meetings m WHERE m.id IN (SELECT meeting_id FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(DISTINCT m.user_id::text) INTO ids
        FROM meetings m WHERE m.id IN (SELECT meeting_id FROM new_rows UNION SELECT meeting_id FROM old_rows);
    ELSE
      SELECT array_agg(DISTINCT m.user_id::text) INTO ids
        FROM meetings m WHERE m.id IN (SELECT meeting_id FROM old_rows);
    END IF;
  END IF;
  -- 150 ids (about 5.9 kB) per notification: PostgreSQL refuses payloads of 8000 bytes or more.
  FOR i IN 1 .. coalesce(array_length(ids, 1), 0) BY 150 LOOP
    PERFORM pg_notify('meetwell_events', json_build_object('t', topic, 'm', ids[i:i + 149])::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN
    SELECT * FROM (VALUES
      ('meetings', 'meetings.changed', 'user_id'),
      ('calendars', 'meetings.changed', 'user_id'),
      ('actions', 'meetings.changed', 'meeting_id'),
      ('wellness_blocks', 'meetings.changed', 'user_id'),
      ('attendees', 'meetings.changed', 'meeting_id'),
      ('agenda_items', 'meetings.changed', 'meeting_id'),
      ('objectives', 'meetings.changed', 'meeting_id'),
      ('prework_items', 'meetings.changed', 'meeting_id'),
      ('users', 'sessions.changed', 'id'),
      ('sessions', 'sessions.changed', 'user_id')
    ) AS t(tbl, topic, owner)
  LOOP
    -- A new session or user cannot be in a cache yet: only their changes are announced.
    IF watched.topic <> 'sessions.changed' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION meetwell_notify_changed_users(%L, %L)',
        watched.tbl || '_notify_insert', watched.tbl, watched.topic, watched.owner);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION meetwell_notify_changed_users(%L, %L)',
      watched.tbl || '_notify_update', watched.tbl, watched.topic, watched.owner);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION meetwell_notify_changed_users(%L, %L)',
      watched.tbl || '_notify_delete', watched.tbl, watched.topic, watched.owner);
  END LOOP;
END
$$;
