CREATE INDEX `idempotency_keys_created_at` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE INDEX `sync_queue_person` ON `sync_queue` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sync_queue_created_at` ON `sync_queue` (`created_at`);