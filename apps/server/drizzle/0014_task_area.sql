CREATE TYPE "public"."group_role" AS ENUM('ketua', 'anggota');--> statement-breakpoint
CREATE TYPE "public"."task_type" AS ENUM('individu', 'kelompok');--> statement-breakpoint
CREATE TABLE "task_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"tugas_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_group_members" (
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"kelompok_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"jabatan" "group_role" DEFAULT 'anggota' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_group_members_kelompok_id_mahasiswa_id_pk" PRIMARY KEY("kelompok_id","mahasiswa_id"),
	CONSTRAINT "task_group_members_student_uq" UNIQUE("college_id","kelas_id","mahasiswa_id")
);
--> statement-breakpoint
CREATE TABLE "task_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"nama" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_groups_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "task_groups_class_id_uq" UNIQUE("college_id","kelas_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"pengumpulan_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"tugas_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"kelompok_id" uuid,
	"teks" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"terlambat" boolean DEFAULT false NOT NULL,
	"nilai" numeric(5, 2),
	"feedback" text,
	"graded_at" timestamp with time zone,
	"graded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_submissions_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "task_submissions_score_ck" CHECK ("task_submissions"."nilai" is null or ("task_submissions"."nilai" >= 0 and "task_submissions"."nilai" <= 100))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"judul" text NOT NULL,
	"deskripsi" text NOT NULL,
	"jenis" "task_type" NOT NULL,
	"waktu_mulai" timestamp with time zone NOT NULL,
	"waktu_selesai" timestamp with time zone NOT NULL,
	"tipe_file_jawaban" text[] NOT NULL,
	"terima_terlambat" boolean DEFAULT false NOT NULL,
	"nilai_dipublikasikan" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "tasks_window_ck" CHECK ("tasks"."waktu_selesai" > "tasks"."waktu_mulai")
);
--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_task_fk" FOREIGN KEY ("college_id","tugas_id") REFERENCES "public"."tasks"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_group_members" ADD CONSTRAINT "task_group_members_group_fk" FOREIGN KEY ("college_id","kelas_id","kelompok_id") REFERENCES "public"."task_groups"("college_id","kelas_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_group_members" ADD CONSTRAINT "task_group_members_enrolment_fk" FOREIGN KEY ("college_id","kelas_id","mahasiswa_id") REFERENCES "public"."class_students"("college_id","kelas_id","mahasiswa_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_groups" ADD CONSTRAINT "task_groups_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submission_files" ADD CONSTRAINT "task_submission_files_submission_fk" FOREIGN KEY ("college_id","pengumpulan_id") REFERENCES "public"."task_submissions"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_task_fk" FOREIGN KEY ("college_id","tugas_id") REFERENCES "public"."tasks"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_group_fk" FOREIGN KEY ("college_id","kelompok_id") REFERENCES "public"."task_groups"("college_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_attachments_task_idx" ON "task_attachments" USING btree ("college_id","tugas_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_group_members_leader_uq" ON "task_group_members" USING btree ("kelompok_id") WHERE "task_group_members"."jabatan" = 'ketua';--> statement-breakpoint
CREATE INDEX "task_groups_kelas_idx" ON "task_groups" USING btree ("college_id","kelas_id");--> statement-breakpoint
CREATE INDEX "task_submission_files_submission_idx" ON "task_submission_files" USING btree ("college_id","pengumpulan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_submissions_student_uq" ON "task_submissions" USING btree ("tugas_id","mahasiswa_id") WHERE "task_submissions"."kelompok_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "task_submissions_group_uq" ON "task_submissions" USING btree ("tugas_id","kelompok_id") WHERE "task_submissions"."kelompok_id" is not null;--> statement-breakpoint
CREATE INDEX "task_submissions_task_idx" ON "task_submissions" USING btree ("college_id","tugas_id");--> statement-breakpoint
CREATE INDEX "task_submissions_group_idx" ON "task_submissions" USING btree ("college_id","kelompok_id");--> statement-breakpoint
CREATE INDEX "tasks_kelas_idx" ON "tasks" USING btree ("college_id","kelas_id","waktu_selesai");--> statement-breakpoint
CREATE INDEX "tasks_pertemuan_idx" ON "tasks" USING btree ("college_id","pertemuan_id");