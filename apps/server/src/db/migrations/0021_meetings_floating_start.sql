-- A meeting in floating time (an iCalendar event without a zone) keeps its start as a wall clock: its instant
-- follows the person's zone, and what its organizer was told is keyed by the wall clock (ADR 0086).
ALTER TABLE "meetings" ADD COLUMN "floating_start" text;
