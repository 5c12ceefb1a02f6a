CREATE TABLE "meeting_reports" (
	"pertemuan_id" uuid PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_signatories" (
	"college_id" text NOT NULL,
	"prodi_id" text NOT NULL,
	"jabatan" text DEFAULT 'Ketua Program Studi' NOT NULL,
	"nama" text NOT NULL,
	"nidn" text,
	"nip" text,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_signatories_pkey" PRIMARY KEY("college_id","prodi_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_reports" ADD CONSTRAINT "meeting_reports_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_signatories" ADD CONSTRAINT "program_signatories_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_signatories" ADD CONSTRAINT "program_signatories_prodi_fk" FOREIGN KEY ("college_id","prodi_id") REFERENCES "public"."study_programs"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_signatories" ADD CONSTRAINT "program_signatories_updated_by_fk" FOREIGN KEY ("college_id","updated_by") REFERENCES "public"."users"("college_id","id") ON DELETE no action ON UPDATE no action;