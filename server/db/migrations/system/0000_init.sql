CREATE TABLE `login_directory` (
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`oidc_subject` text,
	PRIMARY KEY(`email`, `kind`)
);
--> statement-breakpoint
CREATE INDEX `login_directory_org` ON `login_directory` (`organization_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `login_directory_oidc_subject` ON `login_directory` (`oidc_subject`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`plan` text DEFAULT 'free' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`branding` text DEFAULT '{}' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_slug_unique` ON `organizations` (`slug`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_org` ON `sessions` (`organization_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `setup_tokens_user` ON `setup_tokens` (`user_id`);