CREATE TABLE "job_failures" (
	"user_id" uuid NOT NULL,
	"job" text NOT NULL,
	"payload" jsonb NOT NULL,
	"job_key" text,
	"message" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_failures_user_id_job_pk" PRIMARY KEY("user_id","job")
);
--> statement-breakpoint
ALTER TABLE "job_failures" ADD CONSTRAINT "job_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;