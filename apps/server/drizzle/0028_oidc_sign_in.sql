CREATE TABLE "college_oidc_settings" (
	"college_id" text PRIMARY KEY NOT NULL,
	"issuer" text,
	"client_id" text,
	"client_secret" text,
	"match_by" text NOT NULL,
	"claim_name" text DEFAULT '' NOT NULL,
	"create_accounts" boolean DEFAULT false NOT NULL,
	"new_account_prodi_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" text NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"app_redirect_uri" text NOT NULL,
	"app_state" text NOT NULL,
	"app_code_challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "college_oidc_settings" ADD CONSTRAINT "college_oidc_settings_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sign_ins_state_uq" ON "oidc_sign_ins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");