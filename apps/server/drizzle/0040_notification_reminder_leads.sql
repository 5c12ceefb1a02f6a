CREATE TABLE "notification_reminder_leads" (
	"college_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reminder_leads_pkey" PRIMARY KEY("college_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_reminder_leads" ADD CONSTRAINT "notification_reminder_leads_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_reminder_leads_hours_idx" ON "notification_reminder_leads" USING btree ("college_id","hours");