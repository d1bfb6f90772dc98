CREATE TABLE `organisation_placements` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`machine` text NOT NULL,
	`placed_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
