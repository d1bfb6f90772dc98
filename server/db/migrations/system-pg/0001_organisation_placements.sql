CREATE TABLE "organisation_placements" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"machine" text NOT NULL,
	"placed_at" bigint NOT NULL
);
