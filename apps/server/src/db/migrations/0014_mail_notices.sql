CREATE TABLE "mail_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"rules" jsonb NOT NULL,
	"version" text,
	"email_key" text NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL
);
