-- A first import writes thousands of attendees and items whose meetings it inserted in the same transaction;
-- the meetings' own trigger has announced their owner. The import sets meetwell.meetings_announced for its
-- transaction (set_config(..., true)), and the triggers of a meeting's rows then skip their announcement.
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
    -- Rows of a meeting: a meeting deleted with them is announced by the meetings trigger itself, and so is
    -- every meeting of a first import (which says so for its transaction): its attendees and items need no
    -- second announcement, nor the lookup of their meetings' owner.
    IF current_setting('meetwell.meetings_announced', true) = 'on' THEN
      RETURN NULL;
    END IF;
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
