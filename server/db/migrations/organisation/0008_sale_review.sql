-- Every sale registered before the review existed stays approved: its review_status is null.
ALTER TABLE `sales` ADD `review_status` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `review_reason` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `reviewed_at` integer;