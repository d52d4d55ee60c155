ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "end_to_end_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" IN ('mercadopago', 'pix_manual', 'pix_bank'));