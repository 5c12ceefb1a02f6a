CREATE TYPE "public"."attendance_mark" AS ENUM('H', 'A', 'I', 'S');--> statement-breakpoint
CREATE TYPE "public"."attendance_mark_source" AS ENUM('manual', 'qr');--> statement-breakpoint
CREATE TYPE "public"."attendance_recalculation_status" AS ENUM('processing', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "attendance_progress" (
	"college_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"completed" integer NOT NULL,
	"required" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_progress_pertemuan_id_mahasiswa_id_pk" PRIMARY KEY("pertemuan_id","mahasiswa_id"),
	CONSTRAINT "attendance_progress_counts_ck" CHECK ("attendance_progress"."completed" between 0 and "attendance_progress"."required")
);
--> statement-breakpoint
CREATE TABLE "attendance_recalculations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text,
	"pertemuan_id" uuid,
	"filter" jsonb,
	"status" "attendance_recalculation_status" DEFAULT 'processing' NOT NULL,
	"requested_by" uuid NOT NULL,
	"meeting_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lecturer_attendance" (
	"college_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"dosen_id" uuid NOT NULL,
	"is_hadir" boolean NOT NULL,
	"mulai_kuliah" timestamp with time zone,
	"selesai_kuliah" timestamp with time zone,
	"is_valid" boolean DEFAULT false NOT NULL,
	"validated_by" uuid,
	"validated_at" timestamp with time zone,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecturer_attendance_pertemuan_id_dosen_id_pk" PRIMARY KEY("pertemuan_id","dosen_id"),
	CONSTRAINT "lecturer_attendance_times_ck" CHECK ("lecturer_attendance"."is_hadir" or ("lecturer_attendance"."mulai_kuliah" is null and "lecturer_attendance"."selesai_kuliah" is null))
);
--> statement-breakpoint
CREATE TABLE "student_attendance" (
	"college_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"presensi" "attendance_mark" NOT NULL,
	"source" "attendance_mark_source" NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_attendance_pertemuan_id_mahasiswa_id_pk" PRIMARY KEY("pertemuan_id","mahasiswa_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_progress" ADD CONSTRAINT "attendance_progress_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_progress" ADD CONSTRAINT "attendance_progress_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_progress" ADD CONSTRAINT "attendance_progress_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_recalculations" ADD CONSTRAINT "attendance_recalculations_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_recalculations" ADD CONSTRAINT "attendance_recalculations_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_attendance" ADD CONSTRAINT "lecturer_attendance_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_attendance" ADD CONSTRAINT "lecturer_attendance_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_attendance" ADD CONSTRAINT "lecturer_attendance_lecturer_fk" FOREIGN KEY ("college_id","dosen_id") REFERENCES "public"."lecturers"("college_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_attendance" ADD CONSTRAINT "student_attendance_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_attendance" ADD CONSTRAINT "student_attendance_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_attendance" ADD CONSTRAINT "student_attendance_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_attendance" ADD CONSTRAINT "student_attendance_updated_by_fk" FOREIGN KEY ("college_id","updated_by") REFERENCES "public"."users"("college_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_progress_mahasiswa_idx" ON "attendance_progress" USING btree ("mahasiswa_id","pertemuan_id");--> statement-breakpoint
CREATE INDEX "attendance_recalculations_running_idx" ON "attendance_recalculations" USING btree ("college_id","kelas_id") WHERE "attendance_recalculations"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "lecturer_attendance_dosen_idx" ON "lecturer_attendance" USING btree ("dosen_id","pertemuan_id");--> statement-breakpoint
CREATE INDEX "student_attendance_mahasiswa_idx" ON "student_attendance" USING btree ("mahasiswa_id","pertemuan_id");