CREATE TABLE "login_directory" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"oidc_subject" text,
	CONSTRAINT "login_directory_email_kind_organization_id_pk" PRIMARY KEY("email","kind","organization_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"branding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"restored_at" bigint,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" bigint NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_directory_org" ON "login_directory" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "login_directory_user" ON "login_directory" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_directory_oidc_subject" ON "login_directory" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_org" ON "sessions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "sessions_expire" ON "sessions" USING btree ("expire");