CREATE TABLE "demo_pool" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_pool" ADD CONSTRAINT "demo_pool_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_pool" ADD CONSTRAINT "demo_pool_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_pool_ready_idx" ON "demo_pool" USING btree ("time_zone","built_at") WHERE "demo_pool"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "demo_pool_claimed_idx" ON "demo_pool" USING btree ("claimed_at");
