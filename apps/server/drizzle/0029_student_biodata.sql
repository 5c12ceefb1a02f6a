CREATE TABLE "student_biodata" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" text NOT NULL,
	"nik" text NOT NULL,
	"tempat_lahir" text NOT NULL,
	"tanggal_lahir" date NOT NULL,
	"alamat" text NOT NULL,
	"nama_ayah" text,
	"tanggal_lahir_ayah" date,
	"nama_ibu" text,
	"tanggal_lahir_ibu" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_biodata" ADD CONSTRAINT "student_biodata_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;