-- The dashboard order's name key (docs/console.md): deviceNameSortKey (packages/contract) of
-- display_name, written with it by every writer. SQL cannot compute it: the rows already here
-- get '' and db/name-sort-keys.ts fills them in, in JavaScript, right after the migrations.
-- No default from then on: a write that forgets the key is refused.
ALTER TABLE "devices" ADD COLUMN "name_sort_key" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "name_sort_key" DROP DEFAULT;
