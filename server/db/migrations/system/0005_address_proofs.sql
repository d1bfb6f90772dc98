CREATE TABLE `address_proofs` (
	`kind` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`password_fingerprint` text NOT NULL,
	`proven_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `organization_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `address_proofs_email` ON `address_proofs` (`email`,`kind`);--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `mailed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `setup_tokens` ADD `mailed` integer DEFAULT false NOT NULL;