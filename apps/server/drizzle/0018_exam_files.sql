ALTER TABLE "exam_answers" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "soal_files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "kunci_files" jsonb DEFAULT '[]'::jsonb NOT NULL;