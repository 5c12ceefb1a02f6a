CREATE TYPE "public"."vidcon_app" AS ENUM('zoom', 'gmeet', 'msteams', 'lainnya');--> statement-breakpoint
CREATE TABLE "vidcon_joins" (
	"college_id" text NOT NULL,
	"vidcon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "role" NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vidcon_joins_vidcon_id_user_id_pk" PRIMARY KEY("vidcon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vidcons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"pertemuan_id" uuid NOT NULL,
	"judul" text NOT NULL,
	"aplikasi" "vidcon_app" NOT NULL,
	"link" text NOT NULL,
	"catatan" text DEFAULT '' NOT NULL,
	"waktu_mulai" timestamp with time zone NOT NULL,
	"waktu_selesai" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vidcons_college_id_uq" UNIQUE("college_id","id"),
	CONSTRAINT "vidcons_window_ck" CHECK ("vidcons"."waktu_selesai" >= "vidcons"."waktu_mulai")
);
--> statement-breakpoint
ALTER TABLE "vidcon_joins" ADD CONSTRAINT "vidcon_joins_vidcon_fk" FOREIGN KEY ("college_id","vidcon_id") REFERENCES "public"."vidcons"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vidcon_joins" ADD CONSTRAINT "vidcon_joins_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vidcons" ADD CONSTRAINT "vidcons_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vidcons" ADD CONSTRAINT "vidcons_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vidcons" ADD CONSTRAINT "vidcons_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vidcons" ADD CONSTRAINT "vidcons_creator_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vidcons_pertemuan_idx" ON "vidcons" USING btree ("college_id","pertemuan_id");--> statement-breakpoint
CREATE INDEX "vidcons_kelas_idx" ON "vidcons" USING btree ("college_id","kelas_id","waktu_mulai");