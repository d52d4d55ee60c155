CREATE TABLE "bling_sales_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"bling_id" text,
	"attempted_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "bling_sales_orders" ADD CONSTRAINT "bling_sales_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;