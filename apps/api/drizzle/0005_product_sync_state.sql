ALTER TABLE "products" ADD COLUMN "sync_status" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bling_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sync_status_check" CHECK ("products"."sync_status" IS NULL OR "products"."sync_status" IN ('pending', 'failed', 'synced'));