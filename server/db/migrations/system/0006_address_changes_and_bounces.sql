CREATE TABLE `email_change_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`new_email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_change_tokens_user` ON `email_change_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `mail_bounces` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_dedupeKey_unique` ON `mail_outbox` (`dedupe_key`);