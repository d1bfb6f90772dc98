-- A sale's commission % above this bound is listed for the sales ADMIN to check (issue 45):
-- before it a Dutch '2,5' could be stored as 25 %.
ALTER TABLE `sales_settings` ADD `plausible_commission_percentage` real DEFAULT 10 NOT NULL;