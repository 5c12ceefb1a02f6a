CREATE TYPE "public"."grade_send_item_status" AS ENUM('menunggu', 'terkirim', 'sama', 'gagal');--> statement-breakpoint
CREATE TYPE "public"."grade_send_status" AS ENUM('menunggu', 'berjalan', 'selesai', 'gagal');--> statement-breakpoint
CREATE TABLE "grade_component_activities" (
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"komponen_id" text NOT NULL,
	"activity_id" uuid NOT NULL,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_component_activities_pkey" PRIMARY KEY("college_id","kelas_id","komponen_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "grade_send_items" (
	"send_id" uuid NOT NULL,
	"college_id" text NOT NULL,
	"mahasiswa_id" uuid NOT NULL,
	"nim" text NOT NULL,
	"komponen_id" text NOT NULL,
	"value_before" numeric(7, 2),
	"value" numeric(7, 2) NOT NULL,
	"status" "grade_send_item_status" DEFAULT 'menunggu' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"answer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_send_items_pkey" PRIMARY KEY("send_id","komponen_id","nim")
);
--> statement-breakpoint
CREATE TABLE "grade_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_role" text NOT NULL,
	"status" "grade_send_status" DEFAULT 'menunggu' NOT NULL,
	"confirmed_overwrite" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "siakad_demo_classes" (
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "siakad_demo_classes_pkey" PRIMARY KEY("college_id","kelas_id")
);
--> statement-breakpoint
CREATE TABLE "siakad_demo_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"jenis" text NOT NULL,
	"label" text NOT NULL,
	"bobot" numeric(5, 2) NOT NULL,
	"urutan" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siakad_demo_values" (
	"komponen_id" uuid NOT NULL,
	"college_id" text NOT NULL,
	"nim" text NOT NULL,
	"nilai" numeric(7, 2) NOT NULL,
	"updated_by_siakad" boolean DEFAULT false NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "siakad_demo_values_pkey" PRIMARY KEY("komponen_id","nim")
);
--> statement-breakpoint
ALTER TABLE "grade_component_activities" ADD CONSTRAINT "grade_component_activities_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_component_activities" ADD CONSTRAINT "grade_component_activities_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_component_activities" ADD CONSTRAINT "grade_component_activities_activity_fk" FOREIGN KEY ("college_id","activity_id") REFERENCES "public"."activities"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_component_activities" ADD CONSTRAINT "grade_component_activities_updated_by_fk" FOREIGN KEY ("college_id","updated_by") REFERENCES "public"."users"("college_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_send_items" ADD CONSTRAINT "grade_send_items_send_id_grade_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."grade_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_send_items" ADD CONSTRAINT "grade_send_items_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_sends" ADD CONSTRAINT "grade_sends_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_sends" ADD CONSTRAINT "grade_sends_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_sends" ADD CONSTRAINT "grade_sends_requested_by_fk" FOREIGN KEY ("college_id","requested_by") REFERENCES "public"."users"("college_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siakad_demo_classes" ADD CONSTRAINT "siakad_demo_classes_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siakad_demo_classes" ADD CONSTRAINT "siakad_demo_classes_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siakad_demo_components" ADD CONSTRAINT "siakad_demo_components_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siakad_demo_components" ADD CONSTRAINT "siakad_demo_components_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siakad_demo_values" ADD CONSTRAINT "siakad_demo_values_komponen_id_siakad_demo_components_id_fk" FOREIGN KEY ("komponen_id") REFERENCES "public"."siakad_demo_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siakad_demo_values" ADD CONSTRAINT "siakad_demo_values_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_sends_class_idx" ON "grade_sends" USING btree ("college_id","kelas_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_sends_running_uq" ON "grade_sends" USING btree ("college_id","kelas_id") WHERE "grade_sends"."status" in ('menunggu', 'berjalan');