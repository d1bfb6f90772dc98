CREATE TABLE `commission_plan_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`effective_from` text NOT NULL,
	`period` text NOT NULL,
	`mode` text NOT NULL,
	`roles` text NOT NULL,
	`cap_per_period` integer,
	`extras` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_plan_versions_seq_unique` ON `commission_plan_versions` (`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `commission_plan_versions_from` ON `commission_plan_versions` (`plan_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `commission_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_plans_seq_unique` ON `commission_plans` (`seq`);--> statement-breakpoint
CREATE TABLE `sales_project_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`project_id` text NOT NULL,
	`effective_from` text NOT NULL,
	`commission_percentage` real,
	`plan_id` text,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_project_rates_seq_unique` ON `sales_project_rates` (`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_project_rates_from` ON `sales_project_rates` (`project_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `seller_plan_placements` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`effective_from` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seller_plan_placements_seq_unique` ON `seller_plan_placements` (`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `seller_plan_placements_from` ON `seller_plan_placements` (`seller_id`,`effective_from`);--> statement-breakpoint
ALTER TABLE `commissions` ADD `plan_version_id` text;--> statement-breakpoint
ALTER TABLE `commissions` ADD `plan_tier` integer;--> statement-breakpoint
ALTER TABLE `commissions` ADD `plan_note` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `from_plan` integer DEFAULT false NOT NULL;