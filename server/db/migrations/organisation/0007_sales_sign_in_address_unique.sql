DROP INDEX `sales_users_email`;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_users_email` ON `sales_users` (`email`) WHERE centraal_user_id is null;