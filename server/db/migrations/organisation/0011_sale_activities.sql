-- An activity about a sale (its approval, rejection, correction or cancellation, an import
-- of sales) was written with the type 'app'; it takes the type 'sale'. Each of them names
-- its sale in metadata.saleId, an import its count in metadata.salesImported, and no other
-- activity carries either, so the rows are found by what they are about, not by their
-- words. They take a new seq, so every device pulls them again with the new type.
UPDATE `activities` SET `type` = 'sale', `seq` = (SELECT `value` FROM `replication_counter` WHERE `id` = 1) + `rowid`
WHERE `type` = 'app' AND CASE WHEN json_valid(`metadata`)
  THEN json_extract(`metadata`, '$.saleId') IS NOT NULL OR json_extract(`metadata`, '$.salesImported') IS NOT NULL
  ELSE 0 END;--> statement-breakpoint
UPDATE `replication_counter` SET `value` = `value` + (SELECT coalesce(max(`rowid`), 0) FROM `activities`) WHERE `id` = 1;
