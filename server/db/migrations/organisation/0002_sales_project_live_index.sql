DROP INDEX `sales_project`;--> statement-breakpoint
CREATE INDEX `sales_project` ON `sales` (`project_id`,`deleted`);