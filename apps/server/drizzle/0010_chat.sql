CREATE TABLE "chat_group_members" (
	"college_id" text NOT NULL,
	"group_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "chat_group_members_college_id_group_id_user_id_pk" PRIMARY KEY("college_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"college_id" text NOT NULL,
	"id" text NOT NULL,
	"kelas_id" text NOT NULL,
	"jenis" text NOT NULL,
	"nama" text NOT NULL,
	"usage" text DEFAULT 'lms' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_groups_college_id_id_pk" PRIMARY KEY("college_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"group_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"isi" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"college_id" text NOT NULL,
	"group_id" text NOT NULL,
	"id" text NOT NULL,
	"judul" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "chat_threads_college_id_group_id_id_pk" PRIMARY KEY("college_id","group_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_unread" (
	"college_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"jumlah" integer DEFAULT 0 NOT NULL,
	"last_chat_at" timestamp with time zone,
	CONSTRAINT "chat_unread_college_id_user_id_key_pk" PRIMARY KEY("college_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_group_fk" FOREIGN KEY ("college_id","group_id") REFERENCES "public"."chat_groups"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_fk" FOREIGN KEY ("college_id","group_id","thread_id") REFERENCES "public"."chat_threads"("college_id","group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_fk" FOREIGN KEY ("college_id","author_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_group_fk" FOREIGN KEY ("college_id","group_id") REFERENCES "public"."chat_groups"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread" ADD CONSTRAINT "chat_unread_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_group_members_user_idx" ON "chat_group_members" USING btree ("college_id","user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("college_id","group_id","thread_id","created_at");