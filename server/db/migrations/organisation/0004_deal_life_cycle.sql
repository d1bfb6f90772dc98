CREATE TABLE `commission_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`commission_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`amount` integer NOT NULL,
	`paid_on` text NOT NULL,
	`note` text,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_payments_seq_unique` ON `commission_payments` (`seq`);--> statement-breakpoint
CREATE INDEX `commission_payments_line` ON `commission_payments` (`commission_id`);--> statement-breakpoint
CREATE INDEX `commission_payments_seller` ON `commission_payments` (`seller_id`);--> statement-breakpoint
ALTER TABLE `commissions` ADD `kind` text DEFAULT 'commission' NOT NULL;--> statement-breakpoint
ALTER TABLE `commissions` ADD `paid_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `commissions` ADD `source_id` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `splits` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `paid_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A line paid before parts existed becomes one part of its whole amount, on the day it was paid.
INSERT INTO `commission_payments` (`id`, `seq`, `updated_at`, `deleted`, `organization_id`, `commission_id`, `sale_id`, `seller_id`, `amount`, `paid_on`, `note`, `created_by`, `created_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-7' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  (SELECT `value` FROM `replication_counter` WHERE `id` = 1) + `rowid`, `updated_at`, 0, `organization_id`, `id`, `sale_id`, `seller_id`, `commission_amount`,
  coalesce(date(`paid_at` / 1000, 'unixepoch'), `expected_payment_date`, date('now')), NULL, NULL, coalesce(`paid_at`, `updated_at`)
FROM `commissions` WHERE `status` = 'paid' AND `deleted` = 0 AND `commission_amount` > 0;--> statement-breakpoint
UPDATE `replication_counter` SET `value` = `value` + (SELECT coalesce(max(`rowid`), 0) FROM `commissions`) WHERE `id` = 1;--> statement-breakpoint
-- Every sale and line gets a new seq, so every device pulls the new fields.
UPDATE `commissions` SET `paid_amount` = CASE WHEN `status` = 'paid' THEN `commission_amount` ELSE 0 END,
  `seq` = (SELECT `value` FROM `replication_counter` WHERE `id` = 1) + `rowid`;--> statement-breakpoint
UPDATE `replication_counter` SET `value` = `value` + (SELECT coalesce(max(`rowid`), 0) FROM `commissions`) WHERE `id` = 1;--> statement-breakpoint
UPDATE `sales` SET `paid_total` = (SELECT coalesce(sum(`c`.`paid_amount`), 0) FROM `commissions` `c` WHERE `c`.`sale_id` = `sales`.`id` AND `c`.`deleted` = 0),
  `seq` = (SELECT `value` FROM `replication_counter` WHERE `id` = 1) + `rowid`;--> statement-breakpoint
UPDATE `replication_counter` SET `value` = `value` + (SELECT coalesce(max(`rowid`), 0) FROM `sales`) WHERE `id` = 1;
