PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_login_directory` (
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`oidc_subject` text,
	PRIMARY KEY(`email`, `kind`, `organization_id`)
);
--> statement-breakpoint
INSERT INTO `__new_login_directory`("email", "kind", "organization_id", "user_id", "oidc_subject") SELECT "email", "kind", "organization_id", "user_id", "oidc_subject" FROM `login_directory`;--> statement-breakpoint
DROP TABLE `login_directory`;--> statement-breakpoint
ALTER TABLE `__new_login_directory` RENAME TO `login_directory`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `login_directory_org` ON `login_directory` (`organization_id`);--> statement-breakpoint
CREATE INDEX `login_directory_user` ON `login_directory` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `login_directory_oidc_subject` ON `login_directory` (`oidc_subject`);