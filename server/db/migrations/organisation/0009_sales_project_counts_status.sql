-- soldUnits counts a project's live, not cancelled sales on every sale: with status in the
-- index the count reads the index alone.
DROP INDEX `sales_project`;--> statement-breakpoint
CREATE INDEX `sales_project` ON `sales` (`project_id`,`deleted`,`status`);