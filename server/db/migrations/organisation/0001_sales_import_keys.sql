CREATE TABLE `sales_import_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL
);
