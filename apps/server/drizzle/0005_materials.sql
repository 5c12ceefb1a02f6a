CREATE TYPE "public"."material_file_type" AS ENUM('ebook', 'video', 'audio', 'archive', 'url');--> statement-breakpoint
CREATE TYPE "public"."material_kind" AS ENUM('buku_ajar', 'diktat', 'modul', 'petunjuk_praktikum', 'model', 'alat_bantu', 'audio_visual', 'naskah_tutorial');--> statement-breakpoint
CREATE TABLE "material_views" (
	"college_id" text NOT NULL,
	"materi_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"played_seconds" real DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone,
	CONSTRAINT "material_views_materi_id_mahasiswa_id_pk" PRIMARY KEY("materi_id","mahasiswa_id"),
	CONSTRAINT "material_views_played_ck" CHECK ("material_views"."played_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"judul" text NOT NULL,
	"deskripsi" text NOT NULL,
	"jenis_materi" "material_kind" NOT NULL,
	"tipe_file" "material_file_type" NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"file_content_type" text,
	"duration_seconds" real,
	"file_url" text,
	"tampil_sekarang" boolean DEFAULT true NOT NULL,
	"tampil_mulai" timestamp with time zone NOT NULL,
	"is_syarat_hadir" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "materials_source_ck" CHECK (("materials"."tipe_file" = 'url') = ("materials"."file_url" is not null) and ("materials"."tipe_file" = 'url') = ("materials"."file_key" is null))
);
--> statement-breakpoint
ALTER TABLE "activity_facts" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_views" ADD CONSTRAINT "material_views_material_fk" FOREIGN KEY ("college_id","materi_id") REFERENCES "public"."materials"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_views" ADD CONSTRAINT "material_views_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_creator_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materials_kelas_idx" ON "materials" USING btree ("college_id","kelas_id","created_at");--> statement-breakpoint
CREATE INDEX "materials_pertemuan_idx" ON "materials" USING btree ("college_id","pertemuan_id");