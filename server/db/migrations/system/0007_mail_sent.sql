CREATE TABLE `mail_sent` (
	`outbox_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`message_id` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_sent_at` ON `mail_sent` (`sent_at`);