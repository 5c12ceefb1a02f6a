CREATE TABLE "task_member_scores" (
	"college_id" text NOT NULL,
	"pengumpulan_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"nilai" numeric(5, 2) NOT NULL,
	"graded_by" uuid,
	"graded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_member_scores_pengumpulan_id_mahasiswa_id_pk" PRIMARY KEY("pengumpulan_id","mahasiswa_id"),
	CONSTRAINT "task_member_scores_score_ck" CHECK ("task_member_scores"."nilai" >= 0 and "task_member_scores"."nilai" <= 100)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "subkind" text;--> statement-breakpoint
ALTER TABLE "meeting_reports" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "task_member_scores" ADD CONSTRAINT "task_member_scores_submission_fk" FOREIGN KEY ("college_id","pengumpulan_id") REFERENCES "public"."task_submissions"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_member_scores" ADD CONSTRAINT "task_member_scores_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_member_scores_submission_idx" ON "task_member_scores" USING btree ("college_id","pengumpulan_id");