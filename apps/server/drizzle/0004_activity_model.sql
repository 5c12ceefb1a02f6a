CREATE TYPE "public"."activity_kind" AS ENUM('materi', 'tugas', 'ujian', 'forum', 'vidcon', 'teks');--> statement-breakpoint
CREATE TYPE "public"."activity_timing" AS ENUM('on_time', 'late');--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kind" "activity_kind" NOT NULL,
	"content_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"title" text NOT NULL,
	"counts_for_attendance" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "activities_window_ck" CHECK ("activities"."closes_at" is null or "activities"."opens_at" is null or "activities"."closes_at" >= "activities"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "activity_facts" (
	"college_id" text NOT NULL,
	"activity_id" uuid NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"timing" "activity_timing",
	"downloaded_at" timestamp with time zone,
	"watched_percent" smallint,
	"read_seconds" integer,
	"joined_at" timestamp with time zone,
	"post_count" integer,
	"submitted_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"score" numeric(7, 2),
	"graded" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_facts_activity_id_mahasiswa_id_pk" PRIMARY KEY("activity_id","mahasiswa_id"),
	CONSTRAINT "activity_facts_completed_ck" CHECK ("activity_facts"."completed" = ("activity_facts"."completed_at" is not null) and "activity_facts"."completed" = ("activity_facts"."timing" is not null)),
	CONSTRAINT "activity_facts_watched_ck" CHECK ("activity_facts"."watched_percent" between 0 and 100),
	CONSTRAINT "activity_facts_counts_ck" CHECK ("activity_facts"."read_seconds" >= 0 and "activity_facts"."post_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_facts" ADD CONSTRAINT "activity_facts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_facts" ADD CONSTRAINT "activity_facts_activity_fk" FOREIGN KEY ("college_id","activity_id") REFERENCES "public"."activities"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_facts" ADD CONSTRAINT "activity_facts_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_content_uq" ON "activities" USING btree ("college_id","kind","content_id");--> statement-breakpoint
CREATE INDEX "activities_pertemuan_kind_idx" ON "activities" USING btree ("pertemuan_id","kind");--> statement-breakpoint
CREATE INDEX "activities_kelas_kind_idx" ON "activities" USING btree ("college_id","kelas_id","kind");--> statement-breakpoint
CREATE INDEX "activity_facts_mahasiswa_idx" ON "activity_facts" USING btree ("mahasiswa_id","activity_id");--> statement-breakpoint
CREATE INDEX "activity_facts_ungraded_idx" ON "activity_facts" USING btree ("activity_id") WHERE "activity_facts"."submitted_at" is not null and not "activity_facts"."graded";