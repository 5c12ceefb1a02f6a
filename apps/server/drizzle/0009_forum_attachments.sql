ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_college_id_uq" UNIQUE("college_id","id");--> statement-breakpoint
CREATE TABLE "forum_post_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"forum_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_post_attachments" ADD CONSTRAINT "forum_post_attachments_forum_fk" FOREIGN KEY ("college_id","forum_id") REFERENCES "public"."forums"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_attachments" ADD CONSTRAINT "forum_post_attachments_post_fk" FOREIGN KEY ("college_id","post_id") REFERENCES "public"."forum_posts"("college_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_post_attachments_forum_idx" ON "forum_post_attachments" USING btree ("college_id","forum_id");--> statement-breakpoint
CREATE INDEX "forum_post_attachments_post_idx" ON "forum_post_attachments" USING btree ("college_id","post_id");