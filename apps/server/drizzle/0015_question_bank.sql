CREATE TABLE "bank_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"bank_id" uuid NOT NULL,
	"urutan" integer NOT NULL,
	"jenis" "question_kind" NOT NULL,
	"pertanyaan" text NOT NULL,
	"isi" jsonb NOT NULL,
	"soal_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kunci_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_questions_college_id_uq" UNIQUE("college_id","id")
);
--> statement-breakpoint
CREATE TABLE "question_banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"judul" text NOT NULL,
	"deskripsi" text NOT NULL,
	"dosen_id" uuid NOT NULL,
	"mata_kuliah_id" text NOT NULL,
	"ditampilkan" boolean DEFAULT true NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_banks_college_id_uq" UNIQUE("college_id","id")
);
--> statement-breakpoint
CREATE TABLE "storager_uploads" (
	"file_key" text PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"dir" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_bank_fk" FOREIGN KEY ("college_id","bank_id") REFERENCES "public"."question_banks"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_lecturer_fk" FOREIGN KEY ("college_id","dosen_id") REFERENCES "public"."lecturers"("college_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_course_fk" FOREIGN KEY ("college_id","mata_kuliah_id") REFERENCES "public"."courses"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_creator_fk" FOREIGN KEY ("college_id","created_by") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storager_uploads" ADD CONSTRAINT "storager_uploads_user_fk" FOREIGN KEY ("college_id","uploaded_by") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_questions_bank_idx" ON "bank_questions" USING btree ("college_id","bank_id","urutan");--> statement-breakpoint
CREATE INDEX "question_banks_dosen_idx" ON "question_banks" USING btree ("college_id","dosen_id");--> statement-breakpoint
CREATE INDEX "question_banks_course_idx" ON "question_banks" USING btree ("college_id","mata_kuliah_id");--> statement-breakpoint
CREATE INDEX "storager_uploads_college_idx" ON "storager_uploads" USING btree ("college_id","uploaded_by");