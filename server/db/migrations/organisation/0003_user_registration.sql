ALTER TABLE `users` ADD `self_registered` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `awaiting_approval` integer DEFAULT false NOT NULL;