ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status_detail" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installments" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last_four" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "boleto_digitable_line" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "boleto_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "boleto_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attempt_key_unique" UNIQUE("attempt_key");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" IN ('pix', 'card', 'boleto'));