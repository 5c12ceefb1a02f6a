CREATE TYPE "public"."exam_attempt_status" AS ENUM('berlangsung', 'selesai');--> statement-breakpoint
CREATE TYPE "public"."exam_group_rule" AS ENUM('semua', 'random', 'sebagian');--> statement-breakpoint
CREATE TYPE "public"."exam_kind" AS ENUM('kuis', 'uts', 'uas', 'remedial');--> statement-breakpoint
CREATE TYPE "public"."exam_nature" AS ENUM('close', 'open');--> statement-breakpoint
CREATE TYPE "public"."question_kind" AS ENUM('pilihan', 'benar_salah', 'esay');--> statement-breakpoint
CREATE TABLE "exam_answers" (
	"college_id" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"soal_id" uuid NOT NULL,
	"jawaban" jsonb,
	"urutan" bigint DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"nilai" integer,
	"dinilai_oleh" uuid,
	CONSTRAINT "exam_answers_attempt_id_soal_id_pk" PRIMARY KEY("attempt_id","soal_id"),
	CONSTRAINT "exam_answers_nilai_ck" CHECK ("exam_answers"."nilai" is null or ("exam_answers"."nilai" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"ujian_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"status" "exam_attempt_status" DEFAULT 'berlangsung' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"question_set" jsonb NOT NULL,
	"jumlah_soal" integer NOT NULL,
	"pengurangan_nilai" numeric(5, 2) DEFAULT 0 NOT NULL,
	"nilai_akhir" numeric(7, 2),
	"sudah_dinilai" boolean DEFAULT false NOT NULL,
	"catatan_keluar" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "exam_attempts_student_uq" UNIQUE("ujian_id","mahasiswa_id"),
	CONSTRAINT "exam_attempts_college_id_uq" UNIQUE("college_id","id")
);
--> statement-breakpoint
CREATE TABLE "exam_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"ujian_id" uuid NOT NULL,
	"urutan" integer NOT NULL,
	"judul" text DEFAULT '' NOT NULL,
	"aturan" "exam_group_rule" DEFAULT 'semua' NOT NULL,
	"jumlah_wajib_dijawab" integer,
	CONSTRAINT "exam_groups_college_id_uq" UNIQUE("college_id","id")
);
--> statement-breakpoint
CREATE TABLE "exam_late_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"soal_id" uuid NOT NULL,
	"jawaban" jsonb,
	"urutan" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alasan" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"ujian_id" uuid NOT NULL,
	"kelompok_id" uuid NOT NULL,
	"urutan" integer NOT NULL,
	"jenis" "question_kind" NOT NULL,
	"pertanyaan" text NOT NULL,
	"isi" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_questions_college_id_uq" UNIQUE("college_id","id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"ujian_utama_id" uuid,
	"judul" text NOT NULL,
	"deskripsi" text NOT NULL,
	"jenis" "exam_kind" NOT NULL,
	"sifat" "exam_nature" DEFAULT 'close' NOT NULL,
	"durasi" integer,
	"gunakan_batas_waktu" boolean DEFAULT false NOT NULL,
	"acak_soal" boolean DEFAULT false NOT NULL,
	"ditampilkan" boolean DEFAULT true NOT NULL,
	"tampilkan_kunci_jawaban" boolean DEFAULT false NOT NULL,
	"waktu_tampil_kunci" timestamp with time zone,
	"waktu_mulai" timestamp with time zone NOT NULL,
	"waktu_selesai" timestamp with time zone NOT NULL,
	"peserta_remedial" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_tampilkan_nilai" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "exams_window_ck" CHECK ("exams"."waktu_selesai" >= "exams"."waktu_mulai")
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_attempt_fk" FOREIGN KEY ("college_id","attempt_id") REFERENCES "public"."exam_attempts"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_fk" FOREIGN KEY ("college_id","ujian_id") REFERENCES "public"."exams"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_groups" ADD CONSTRAINT "exam_groups_exam_fk" FOREIGN KEY ("college_id","ujian_id") REFERENCES "public"."exams"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_late_answers" ADD CONSTRAINT "exam_late_answers_attempt_fk" FOREIGN KEY ("college_id","attempt_id") REFERENCES "public"."exam_attempts"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_group_fk" FOREIGN KEY ("college_id","kelompok_id") REFERENCES "public"."exam_groups"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_exam_fk" FOREIGN KEY ("college_id","ujian_id") REFERENCES "public"."exams"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_main_fk" FOREIGN KEY ("college_id","ujian_utama_id") REFERENCES "public"."exams"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_creator_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempts_exam_idx" ON "exam_attempts" USING btree ("college_id","ujian_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_idx" ON "exam_attempts" USING btree ("college_id","deadline_at") WHERE "exam_attempts"."status" = 'berlangsung';--> statement-breakpoint
CREATE INDEX "exam_groups_exam_idx" ON "exam_groups" USING btree ("college_id","ujian_id","urutan");--> statement-breakpoint
CREATE INDEX "exam_late_answers_attempt_idx" ON "exam_late_answers" USING btree ("college_id","attempt_id");--> statement-breakpoint
CREATE INDEX "exam_questions_group_idx" ON "exam_questions" USING btree ("college_id","kelompok_id","urutan");--> statement-breakpoint
CREATE INDEX "exam_questions_exam_idx" ON "exam_questions" USING btree ("college_id","ujian_id");--> statement-breakpoint
CREATE INDEX "exams_pertemuan_idx" ON "exams" USING btree ("college_id","pertemuan_id");--> statement-breakpoint
CREATE INDEX "exams_kelas_idx" ON "exams" USING btree ("college_id","kelas_id","waktu_mulai");