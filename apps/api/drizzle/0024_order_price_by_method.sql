-- Orders so far were all paid by PIX: their unit price is their PIX price.
ALTER TABLE "order_items" ADD COLUMN "pix_price_cents" integer;--> statement-breakpoint
UPDATE "order_items" SET "pix_price_cents" = "unit_price_cents";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "pix_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" IN ('pix', 'card', 'boleto'));
