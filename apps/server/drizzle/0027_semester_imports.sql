CREATE TABLE "semester_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea",
	"status" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"rows" jsonb,
	"summary" jsonb,
	"problems" jsonb,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"removals" jsonb,
	"removal_count" integer DEFAULT 0 NOT NULL,
	"fingerprint" text,
	"message" text,
	"applied_by" uuid,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "semester_imports" ADD CONSTRAINT "semester_imports_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "semester_imports_college_created_idx" ON "semester_imports" USING btree ("college_id","created_at");