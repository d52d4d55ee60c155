CREATE TABLE "stock_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"erp_state" text NOT NULL,
	"erp_attempted_at" timestamp with time zone,
	"erp_sent_at" timestamp with time zone,
	"erp_movement_id" text,
	"erp_error" text
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_unsent_idx" ON "stock_movements" USING btree ("id") WHERE "stock_movements"."erp_state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");