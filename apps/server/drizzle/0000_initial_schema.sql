CREATE TYPE "public"."class_status" AS ENUM('akan_dimulai', 'berlangsung', 'selesai');--> statement-breakpoint
CREATE TYPE "public"."lecture_mode" AS ENUM('online', 'offline', 'campuran');--> statement-breakpoint
CREATE TYPE "public"."teacher_role" AS ENUM('koordinator', 'dosen', 'asisten');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('mahasiswa', 'dosen', 'operator');--> statement-breakpoint
CREATE TYPE "public"."meeting_category" AS ENUM('kuliah', 'uts', 'uas');--> statement-breakpoint
CREATE TYPE "public"."meeting_status" AS ENUM('belum_dimulai', 'berlangsung', 'selesai');--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"nama" text NOT NULL,
	"alamat" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_evaluation_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"mata_kuliah_id" text NOT NULL,
	"komponen_id" text NOT NULL,
	"komponen_nama" text NOT NULL,
	"bobot" smallint NOT NULL,
	CONSTRAINT "course_evaluation_plans_bobot_ck" CHECK ("course_evaluation_plans"."bobot" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "course_learning_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"mata_kuliah_id" text NOT NULL,
	"pertemuan" smallint NOT NULL,
	"materi" text NOT NULL,
	"materi_inggris" text
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"kode" text NOT NULL,
	"nama" text NOT NULL,
	"nama_inggris" text,
	"sks" smallint NOT NULL,
	"semester" smallint,
	"prodi_id" text NOT NULL,
	"koordinator_dosen_id" uuid,
	"pengembang_rps_dosen_id" uuid,
	"silabus_teks" text,
	"silabus_file_key" text,
	"silabus_file_name" text,
	"silabus_file_size" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_id_ck" CHECK (position('_' in "courses"."id") = 0),
	CONSTRAINT "courses_sks_ck" CHECK ("courses"."sks" between 0 and 24)
);
--> statement-breakpoint
CREATE TABLE "lecture_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"nama" text NOT NULL,
	"jam_mulai" time NOT NULL,
	"jam_selesai" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"college_id" text NOT NULL,
	"kode" integer NOT NULL,
	"label" text NOT NULL,
	"tanggal_mulai" date NOT NULL,
	"tanggal_selesai" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "periods_college_id_kode_pk" PRIMARY KEY("college_id","kode")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kampus_id" uuid,
	"nama" text NOT NULL,
	"kapasitas" integer NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rooms_kapasitas_ck" CHECK ("rooms"."kapasitas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_fee_holds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"keterangan" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "role" NOT NULL,
	"operator_user_id" uuid,
	"jenis" text NOT NULL,
	"detail" text NOT NULL,
	"ip_address" text,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"waktu" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"judul" text NOT NULL,
	"isi" text NOT NULL,
	"tanggal_publish" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"judul" text NOT NULL,
	"ringkasan" text DEFAULT '' NOT NULL,
	"isi" text NOT NULL,
	"gambar_key" text,
	"tanggal_publish" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"hari" smallint NOT NULL,
	"jam_mulai" time NOT NULL,
	"jam_selesai" time NOT NULL,
	"ruangan_id" uuid,
	"sesi_id" uuid,
	CONSTRAINT "class_schedules_hari_ck" CHECK ("class_schedules"."hari" between 0 and 6),
	CONSTRAINT "class_schedules_jam_ck" CHECK ("class_schedules"."jam_selesai" > "class_schedules"."jam_mulai")
);
--> statement-breakpoint
CREATE TABLE "class_students" (
	"kelas_id" text NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"college_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_students_kelas_id_mahasiswa_id_pk" PRIMARY KEY("kelas_id","mahasiswa_id")
);
--> statement-breakpoint
CREATE TABLE "class_study_programs" (
	"kelas_id" text NOT NULL,
	"prodi_id" text NOT NULL,
	"college_id" text NOT NULL,
	CONSTRAINT "class_study_programs_kelas_id_prodi_id_pk" PRIMARY KEY("kelas_id","prodi_id")
);
--> statement-breakpoint
CREATE TABLE "class_teachers" (
	"kelas_id" text NOT NULL,
	"dosen_id" uuid NOT NULL,
	"college_id" text NOT NULL,
	"peran" "teacher_role" DEFAULT 'dosen' NOT NULL,
	"is_utama" boolean DEFAULT false NOT NULL,
	"urutan" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "class_teachers_kelas_id_dosen_id_pk" PRIMARY KEY("kelas_id","dosen_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" text PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"periode" integer NOT NULL,
	"mata_kuliah_id" text NOT NULL,
	"nama" text NOT NULL,
	"jenis" text DEFAULT 'Reguler' NOT NULL,
	"status" "class_status" DEFAULT 'akan_dimulai' NOT NULL,
	"mode_kuliah" "lecture_mode" DEFAULT 'offline' NOT NULL,
	"lingkup" text DEFAULT 'Prodi' NOT NULL,
	"metode_pengajaran" text DEFAULT 'Individu' NOT NULL,
	"kapasitas" integer NOT NULL,
	"kampus_id" uuid,
	"banner_key" text,
	"banner_color_idx" smallint DEFAULT 0 NOT NULL,
	"ketua_kelas_nim" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_id_ck" CHECK (split_part("classes"."id", '_', 3) = "classes"."mata_kuliah_id"),
	CONSTRAINT "classes_kapasitas_ck" CHECK ("classes"."kapasitas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "colleges" (
	"id" text PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"judul" text NOT NULL,
	"alamat" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telepon" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"copyright" text DEFAULT '' NOT NULL,
	"url_sikad_legacy" text,
	"color_mode" text DEFAULT 'light' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Jakarta' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kategori" text NOT NULL,
	"judul" text NOT NULL,
	"isi" text NOT NULL,
	"urutan" integer DEFAULT 0 NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text,
	"as_role" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecturers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"nidn" text NOT NULL,
	"gelar_depan" text,
	"gelar_akademik" text,
	"jabatan" text,
	"prodi_id" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"college_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"client_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"nim" text NOT NULL,
	"prodi_id" text NOT NULL,
	"status" text DEFAULT 'Aktif' NOT NULL,
	"angkatan" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" NOT NULL,
	"nama" text NOT NULL,
	"email" text,
	"telepon" text,
	"avatar_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"operator_permissions" jsonb,
	"operator_scope" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meeting_teachers" (
	"pertemuan_id" uuid NOT NULL,
	"dosen_id" uuid NOT NULL,
	"college_id" text NOT NULL,
	"is_pengajar" boolean DEFAULT true NOT NULL,
	CONSTRAINT "meeting_teachers_pertemuan_id_dosen_id_pk" PRIMARY KEY("pertemuan_id","dosen_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"nomor" smallint NOT NULL,
	"judul" text NOT NULL,
	"deskripsi" text DEFAULT '' NOT NULL,
	"kategori" "meeting_category" DEFAULT 'kuliah' NOT NULL,
	"jenis" "lecture_mode" DEFAULT 'online' NOT NULL,
	"metode" text,
	"waktu_mulai" timestamp with time zone NOT NULL,
	"waktu_selesai" timestamp with time zone NOT NULL,
	"ruangan_id" uuid,
	"sesi_id" uuid,
	"status" "meeting_status" DEFAULT 'belum_dimulai' NOT NULL,
	"mulai_kuliah" timestamp with time zone,
	"selesai_kuliah" timestamp with time zone,
	"parameter_kehadiran" jsonb DEFAULT '{"hadir_vidcon":false,"kerjakan_kuis_ujian":false,"kerjakan_tugas":false,"posting_forum":false,"unduh_materi":true}'::jsonb NOT NULL,
	"teks" text,
	"default_deadline_materi" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_nomor_ck" CHECK ("meetings"."nomor" >= 1),
	CONSTRAINT "meetings_waktu_ck" CHECK ("meetings"."waktu_selesai" > "meetings"."waktu_mulai")
);
--> statement-breakpoint
CREATE TABLE "study_programs" (
	"id" text PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"kode" text NOT NULL,
	"nama" text NOT NULL,
	"jenjang" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campuses" ADD CONSTRAINT "campuses_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_evaluation_plans" ADD CONSTRAINT "course_evaluation_plans_mata_kuliah_id_courses_id_fk" FOREIGN KEY ("mata_kuliah_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_learning_plans" ADD CONSTRAINT "course_learning_plans_mata_kuliah_id_courses_id_fk" FOREIGN KEY ("mata_kuliah_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_prodi_id_study_programs_id_fk" FOREIGN KEY ("prodi_id") REFERENCES "public"."study_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_koordinator_dosen_id_lecturers_user_id_fk" FOREIGN KEY ("koordinator_dosen_id") REFERENCES "public"."lecturers"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_pengembang_rps_dosen_id_lecturers_user_id_fk" FOREIGN KEY ("pengembang_rps_dosen_id") REFERENCES "public"."lecturers"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_kampus_id_campuses_id_fk" FOREIGN KEY ("kampus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_holds" ADD CONSTRAINT "student_fee_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_holds" ADD CONSTRAINT "student_fee_holds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_kelas_id_classes_id_fk" FOREIGN KEY ("kelas_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_ruangan_id_rooms_id_fk" FOREIGN KEY ("ruangan_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_sesi_id_lecture_sessions_id_fk" FOREIGN KEY ("sesi_id") REFERENCES "public"."lecture_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_kelas_id_classes_id_fk" FOREIGN KEY ("kelas_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_mahasiswa_id_students_user_id_fk" FOREIGN KEY ("mahasiswa_id") REFERENCES "public"."students"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_study_programs" ADD CONSTRAINT "class_study_programs_kelas_id_classes_id_fk" FOREIGN KEY ("kelas_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_study_programs" ADD CONSTRAINT "class_study_programs_prodi_id_study_programs_id_fk" FOREIGN KEY ("prodi_id") REFERENCES "public"."study_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_kelas_id_classes_id_fk" FOREIGN KEY ("kelas_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_dosen_id_lecturers_user_id_fk" FOREIGN KEY ("dosen_id") REFERENCES "public"."lecturers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_mata_kuliah_id_courses_id_fk" FOREIGN KEY ("mata_kuliah_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_kampus_id_campuses_id_fk" FOREIGN KEY ("kampus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_period_fk" FOREIGN KEY ("college_id","periode") REFERENCES "public"."periods"("college_id","kode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_prodi_id_study_programs_id_fk" FOREIGN KEY ("prodi_id") REFERENCES "public"."study_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_prodi_id_study_programs_id_fk" FOREIGN KEY ("prodi_id") REFERENCES "public"."study_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_teachers" ADD CONSTRAINT "meeting_teachers_pertemuan_id_meetings_id_fk" FOREIGN KEY ("pertemuan_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_teachers" ADD CONSTRAINT "meeting_teachers_dosen_id_lecturers_user_id_fk" FOREIGN KEY ("dosen_id") REFERENCES "public"."lecturers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_kelas_id_classes_id_fk" FOREIGN KEY ("kelas_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_ruangan_id_rooms_id_fk" FOREIGN KEY ("ruangan_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_sesi_id_lecture_sessions_id_fk" FOREIGN KEY ("sesi_id") REFERENCES "public"."lecture_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_programs" ADD CONSTRAINT "study_programs_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campuses_college_idx" ON "campuses" USING btree ("college_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_evaluation_plans_course_komponen_uq" ON "course_evaluation_plans" USING btree ("mata_kuliah_id","komponen_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_learning_plans_course_pertemuan_uq" ON "course_learning_plans" USING btree ("mata_kuliah_id","pertemuan");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_college_kode_uq" ON "courses" USING btree ("college_id","kode");--> statement-breakpoint
CREATE INDEX "courses_college_prodi_idx" ON "courses" USING btree ("college_id","prodi_id");--> statement-breakpoint
CREATE INDEX "courses_koordinator_idx" ON "courses" USING btree ("koordinator_dosen_id");--> statement-breakpoint
CREATE INDEX "courses_pengembang_rps_idx" ON "courses" USING btree ("pengembang_rps_dosen_id");--> statement-breakpoint
CREATE INDEX "lecture_sessions_college_idx" ON "lecture_sessions" USING btree ("college_id","jam_mulai");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_current_uq" ON "periods" USING btree ("college_id") WHERE "periods"."is_current";--> statement-breakpoint
CREATE INDEX "rooms_college_idx" ON "rooms" USING btree ("college_id","nama");--> statement-breakpoint
CREATE INDEX "activity_logs_user_waktu_idx" ON "activity_logs" USING btree ("college_id","user_id","waktu");--> statement-breakpoint
CREATE INDEX "activity_logs_college_waktu_idx" ON "activity_logs" USING btree ("college_id","waktu");--> statement-breakpoint
CREATE INDEX "activity_logs_context_gin_idx" ON "activity_logs" USING gin ("context" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "announcements_college_publish_idx" ON "announcements" USING btree ("college_id","tanggal_publish");--> statement-breakpoint
CREATE INDEX "news_articles_college_publish_idx" ON "news_articles" USING btree ("college_id","tanggal_publish");--> statement-breakpoint
CREATE INDEX "class_schedules_kelas_idx" ON "class_schedules" USING btree ("kelas_id");--> statement-breakpoint
CREATE INDEX "class_schedules_room_day_idx" ON "class_schedules" USING btree ("ruangan_id","hari","jam_mulai");--> statement-breakpoint
CREATE INDEX "class_students_mahasiswa_idx" ON "class_students" USING btree ("mahasiswa_id","kelas_id");--> statement-breakpoint
CREATE INDEX "class_study_programs_prodi_idx" ON "class_study_programs" USING btree ("prodi_id","kelas_id");--> statement-breakpoint
CREATE INDEX "class_teachers_dosen_idx" ON "class_teachers" USING btree ("dosen_id","kelas_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_one_main_uq" ON "class_teachers" USING btree ("kelas_id") WHERE "class_teachers"."is_utama";--> statement-breakpoint
CREATE UNIQUE INDEX "classes_period_course_nama_uq" ON "classes" USING btree ("college_id","periode","mata_kuliah_id","nama");--> statement-breakpoint
CREATE INDEX "classes_period_status_idx" ON "classes" USING btree ("college_id","periode","status");--> statement-breakpoint
CREATE INDEX "classes_course_period_idx" ON "classes" USING btree ("mata_kuliah_id","periode");--> statement-breakpoint
CREATE INDEX "help_articles_college_idx" ON "help_articles" USING btree ("college_id","kategori","urutan");--> statement-breakpoint
CREATE INDEX "auth_codes_expires_idx" ON "auth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturers_college_nidn_uq" ON "lecturers" USING btree ("college_id","nidn");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_college_nim_uq" ON "students" USING btree ("college_id","nim");--> statement-breakpoint
CREATE INDEX "students_prodi_idx" ON "students" USING btree ("prodi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_college_username_uq" ON "users" USING btree ("college_id",lower("username"));--> statement-breakpoint
CREATE INDEX "users_college_role_idx" ON "users" USING btree ("college_id","role");--> statement-breakpoint
CREATE INDEX "meeting_teachers_dosen_idx" ON "meeting_teachers" USING btree ("dosen_id","pertemuan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_kelas_nomor_uq" ON "meetings" USING btree ("kelas_id","nomor");--> statement-breakpoint
CREATE INDEX "meetings_college_waktu_idx" ON "meetings" USING btree ("college_id","waktu_mulai");--> statement-breakpoint
CREATE INDEX "meetings_room_waktu_idx" ON "meetings" USING btree ("ruangan_id","waktu_mulai") WHERE "meetings"."ruangan_id" is not null;--> statement-breakpoint
CREATE INDEX "study_programs_college_idx" ON "study_programs" USING btree ("college_id");