CREATE TABLE "sign_in_failures" (
	"college_id" text NOT NULL,
	"username" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY("college_id","username")
);
