DROP INDEX "attendees_email_idx";--> statement-breakpoint
DROP INDEX "meetings_event_key_idx";--> statement-breakpoint
DROP INDEX "meetings_organizer_idx";