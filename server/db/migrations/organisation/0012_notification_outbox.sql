CREATE TABLE `notification_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`recipient_kind` text NOT NULL,
	`recipient_id` text,
	`recipient` text NOT NULL,
	`payload` text NOT NULL,
	`batch` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`message_id` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `notification_outbox_due` ON `notification_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `notification_outbox_batch` ON `notification_outbox` (`batch`);--> statement-breakpoint
ALTER TABLE `sales_users` ADD `email_notifications` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_users` ADD `activity_alerts` integer DEFAULT true NOT NULL;