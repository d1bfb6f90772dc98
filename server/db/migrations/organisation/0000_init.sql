CREATE TABLE `activities` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`user` text NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`target` text,
	`timestamp` integer NOT NULL,
	`type` text NOT NULL,
	`metadata` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activities_seq_unique` ON `activities` (`seq`);--> statement-breakpoint
CREATE INDEX `activities_timestamp` ON `activities` (`timestamp`);--> statement-breakpoint
CREATE TABLE `app_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`url` text NOT NULL,
	`external_id` text,
	`icon` text,
	`status` text DEFAULT 'active' NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`last_sync` integer,
	`sync_status` text,
	`api_key_hash` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_connections_seq_unique` ON `app_connections` (`seq`);--> statement-breakpoint
CREATE TABLE `apps` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'active' NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`icon` text
);
--> statement-breakpoint
CREATE TABLE `backup_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`google_drive_enabled` integer DEFAULT false NOT NULL,
	`google_drive_folder_id` text,
	`google_drive_folder_name` text,
	`google_access_token` text,
	`google_refresh_token` text,
	`auto_backup_enabled` integer DEFAULT false NOT NULL,
	`backup_schedule` text DEFAULT '0 2 * * *' NOT NULL,
	`backup_formats` text DEFAULT 'json,csv' NOT NULL,
	`retention_days` integer DEFAULT 30 NOT NULL,
	`last_backup_at` integer,
	`last_backup_status` text,
	`last_backup_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`commission_type` text DEFAULT 'sales' NOT NULL,
	`role` text,
	`commission_percentage` real NOT NULL,
	`commission_amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`expected_payment_date` text,
	`paid_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_seq_unique` ON `commissions` (`seq`);--> statement-breakpoint
CREATE INDEX `commissions_sale` ON `commissions` (`sale_id`);--> statement-breakpoint
CREATE INDEX `commissions_seller` ON `commissions` (`seller_id`);--> statement-breakpoint
CREATE TABLE `cross_app_access` (
	`id` text PRIMARY KEY NOT NULL,
	`centraal_user_id` text NOT NULL,
	`target_app` text NOT NULL,
	`target_user_id` text NOT NULL,
	`granted_by` text,
	`granted_at` integer NOT NULL,
	`expires_at` integer,
	`last_accessed_at` integer,
	`access_count` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`status` integer NOT NULL,
	`response` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `organization_profile` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`contact_email` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `permissions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`app_context` text DEFAULT 'centraal' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `permissions_name_unique` ON `permissions` (`name`);--> statement-breakpoint
CREATE TABLE `replication_counter` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `role_permissions` (
	`role` text NOT NULL,
	`role_id` text NOT NULL,
	`permission_id` text NOT NULL,
	PRIMARY KEY(`role_id`, `permission_id`)
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`app_context` text DEFAULT 'centraal' NOT NULL,
	`is_system_role` integer DEFAULT false NOT NULL,
	`system_role_type` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`project_id` text NOT NULL,
	`client_name` text NOT NULL,
	`client_email` text,
	`client_phone` text,
	`property_number` text NOT NULL,
	`sale_date` text NOT NULL,
	`delivery_date` text,
	`sale_price` integer NOT NULL,
	`commission_percentage` real NOT NULL,
	`commission_amount` integer NOT NULL,
	`total_costs` integer DEFAULT 0 NOT NULL,
	`costs_description` text,
	`discount_percentage` real DEFAULT 0 NOT NULL,
	`discount_amount` integer DEFAULT 0 NOT NULL,
	`discount_gold_estates` integer DEFAULT 0 NOT NULL,
	`discount_sellers` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`xms_synced` integer DEFAULT false NOT NULL,
	`xms_opportunity_id` text,
	`notifications_sent` integer DEFAULT false NOT NULL,
	`notes` text,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_seq_unique` ON `sales` (`seq`);--> statement-breakpoint
CREATE INDEX `sales_project` ON `sales` (`project_id`);--> statement-breakpoint
CREATE INDEX `sales_date` ON `sales` (`sale_date`);--> statement-breakpoint
CREATE TABLE `sales_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`location` text,
	`type` text,
	`label` text,
	`description` text,
	`total_units` integer,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_projects_seq_unique` ON `sales_projects` (`seq`);--> statement-breakpoint
CREATE TABLE `sales_sellers` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`role` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_sellers_seq_unique` ON `sales_sellers` (`seq`);--> statement-breakpoint
CREATE TABLE `sales_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`xms_webhook_url` text,
	`xms_api_key` text,
	`xms_location_id` text,
	`xms_pipeline_id` text,
	`xms_enabled` integer DEFAULT false NOT NULL,
	`notifications_enabled` integer DEFAULT true NOT NULL,
	`default_recipient_email` text,
	`default_recipient_phone` text,
	`subdomain` text,
	`payment_term_days` integer DEFAULT 30 NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sales_users` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'SELLER' NOT NULL,
	`centraal_user_id` text,
	`status` text DEFAULT 'active' NOT NULL,
	`setup_token_hash` text,
	`setup_token_expires` integer,
	`last_login` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_users_email` ON `sales_users` (`email`);--> statement-breakpoint
CREATE TABLE `sync_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`operation` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`payload` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`synced_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `sync_queue_status` ON `sync_queue` (`status`);--> statement-breakpoint
CREATE TABLE `usage_tracking` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`app_connection_id` text NOT NULL,
	`date` text NOT NULL,
	`metric` text NOT NULL,
	`value` real NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`metadata` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usage_tracking_day` ON `usage_tracking` (`app_connection_id`,`date`,`metric`);--> statement-breakpoint
CREATE TABLE `user_permissions` (
	`user_id` text NOT NULL,
	`permission_id` text NOT NULL,
	`granted` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`user_id`, `permission_id`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'USER' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`auth_method` text DEFAULT 'email' NOT NULL,
	`password_hash` text,
	`phone_number` text,
	`oidc_subject` text,
	`profile_image_url` text,
	`setup_completed` integer DEFAULT false NOT NULL,
	`setup_token_hash` text,
	`setup_token_expires` integer,
	`email_notifications` integer DEFAULT true NOT NULL,
	`activity_alerts` integer DEFAULT true NOT NULL,
	`last_active` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_seq_unique` ON `users` (`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_live` ON `users` (`email`) WHERE deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_subject` ON `users` (`oidc_subject`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_setup_token` ON `users` (`setup_token_hash`);--> statement-breakpoint
CREATE TABLE `webhook_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_outbox_saleId_unique` ON `webhook_outbox` (`sale_id`);--> statement-breakpoint
CREATE INDEX `webhook_outbox_due` ON `webhook_outbox` (`status`,`next_attempt_at`);