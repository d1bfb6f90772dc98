-- A sale's document on a device carries its commission lines (decision 013): whenever a
-- line is written, its sale takes the line's seq, so the next pull brings the sale again.
CREATE TRIGGER `commissions_touch_sale_after_insert` AFTER INSERT ON `commissions`
BEGIN
  UPDATE `sales` SET `seq` = NEW.`seq` WHERE `id` = NEW.`sale_id` AND `seq` < NEW.`seq`;
END;--> statement-breakpoint
CREATE TRIGGER `commissions_touch_sale_after_update` AFTER UPDATE ON `commissions`
BEGIN
  UPDATE `sales` SET `seq` = NEW.`seq` WHERE `id` = NEW.`sale_id` AND `seq` < NEW.`seq`;
END;--> statement-breakpoint
-- Every sale gets a new seq, so every device pulls its sales again, lines included.
UPDATE `sales` SET `seq` = (SELECT `value` FROM `replication_counter` WHERE `id` = 1) + `rowid`;--> statement-breakpoint
UPDATE `replication_counter` SET `value` = `value` + (SELECT coalesce(max(`rowid`), 0) FROM `sales`) WHERE `id` = 1;
