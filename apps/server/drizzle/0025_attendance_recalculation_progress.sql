ALTER TABLE "attendance_recalculations" ADD COLUMN "class_total" integer;--> statement-breakpoint
ALTER TABLE "attendance_recalculations" ADD COLUMN "class_done" integer DEFAULT 0 NOT NULL;