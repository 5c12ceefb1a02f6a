CREATE TYPE "public"."role" AS ENUM('mahasiswa', 'dosen', 'operator');--> statement-breakpoint
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
CREATE TABLE "study_programs" (
	"id" text PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"kode" text NOT NULL,
	"nama" text NOT NULL,
	"jenjang" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_prodi_id_study_programs_id_fk" FOREIGN KEY ("prodi_id") REFERENCES "public"."study_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_prodi_id_study_programs_id_fk" FOREIGN KEY ("prodi_id") REFERENCES "public"."study_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_programs" ADD CONSTRAINT "study_programs_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_user_waktu_idx" ON "activity_logs" USING btree ("college_id","user_id","waktu");--> statement-breakpoint
CREATE INDEX "activity_logs_college_waktu_idx" ON "activity_logs" USING btree ("college_id","waktu");--> statement-breakpoint
CREATE INDEX "auth_codes_expires_idx" ON "auth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturers_college_nidn_uq" ON "lecturers" USING btree ("college_id","nidn");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_college_nim_uq" ON "students" USING btree ("college_id","nim");--> statement-breakpoint
CREATE INDEX "students_prodi_idx" ON "students" USING btree ("prodi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_college_username_uq" ON "users" USING btree ("college_id",lower("username"));--> statement-breakpoint
CREATE INDEX "users_college_role_idx" ON "users" USING btree ("college_id","role");--> statement-breakpoint
CREATE INDEX "study_programs_college_idx" ON "study_programs" USING btree ("college_id");