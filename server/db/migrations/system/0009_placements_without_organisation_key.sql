PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_organisation_placements` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`machine` text NOT NULL,
	`placed_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_organisation_placements`("organization_id", "machine", "placed_at") SELECT "organization_id", "machine", "placed_at" FROM `organisation_placements`;--> statement-breakpoint
DROP TABLE `organisation_placements`;--> statement-breakpoint
ALTER TABLE `__new_organisation_placements` RENAME TO `organisation_placements`;--> statement-breakpoint
PRAGMA foreign_keys=ON;