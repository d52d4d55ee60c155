CREATE TABLE "bling_product_links" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"bling_id" text,
	"sync_status" text,
	"sync_error" text,
	"product_synced_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	CONSTRAINT "bling_product_links_bling_id_unique" UNIQUE("bling_id"),
	CONSTRAINT "bling_product_links_sync_status_check" CHECK ("bling_product_links"."sync_status" IS NULL OR "bling_product_links"."sync_status" IN ('pending', 'failed', 'synced'))
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_bling_id_unique";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_sync_status_check";--> statement-breakpoint
ALTER TABLE "bling_product_links" ADD CONSTRAINT "bling_product_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Where each product stood with Bling moves here unchanged; a product that never took part has no row.
INSERT INTO "bling_product_links" ("product_id", "bling_id", "sync_status", "sync_error", "product_synced_at", "synced_at")
SELECT "id", "bling_id", "sync_status", "sync_error", "last_sync", "bling_synced_at" FROM "products"
WHERE "bling_id" IS NOT NULL OR "sync_status" IS NOT NULL OR "sync_error" IS NOT NULL
  OR "last_sync" IS NOT NULL OR "bling_synced_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "bling_id";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "last_sync";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sync_status";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sync_error";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "bling_synced_at";