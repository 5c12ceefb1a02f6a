CREATE TABLE "exam_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"ujian_id" uuid NOT NULL,
	"dijeda_pada" timestamp with time zone NOT NULL,
	"dilanjutkan_pada" timestamp with time zone,
	"penyangga_detik" integer NOT NULL,
	"detik_dikembalikan" integer,
	"alasan" text DEFAULT '' NOT NULL,
	"dijeda_oleh" uuid,
	"dilanjutkan_oleh" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_prepared_sets" (
	"college_id" text NOT NULL,
	"ujian_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"question_set" jsonb NOT NULL,
	"jumlah_soal" integer NOT NULL,
	"versi" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_prepared_sets_ujian_id_mahasiswa_id_pk" PRIMARY KEY("ujian_id","mahasiswa_id")
);
--> statement-breakpoint
ALTER TABLE "exam_pauses" ADD CONSTRAINT "exam_pauses_exam_fk" FOREIGN KEY ("college_id","ujian_id") REFERENCES "public"."exams"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_prepared_sets" ADD CONSTRAINT "exam_prepared_sets_exam_fk" FOREIGN KEY ("college_id","ujian_id") REFERENCES "public"."exams"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_prepared_sets" ADD CONSTRAINT "exam_prepared_sets_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_pauses_open_uq" ON "exam_pauses" USING btree ("ujian_id") WHERE "exam_pauses"."dilanjutkan_pada" is null;--> statement-breakpoint
CREATE INDEX "exam_pauses_exam_idx" ON "exam_pauses" USING btree ("college_id","ujian_id");