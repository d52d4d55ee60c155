CREATE TABLE "coupon_customer_uses" (
	"coupon_id" integer NOT NULL,
	"customer_key" text NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "coupon_customer_uses_coupon_id_customer_key_pk" PRIMARY KEY("coupon_id","customer_key"),
	CONSTRAINT "coupon_customer_uses_check" CHECK ("coupon_customer_uses"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"customer_cpf" text,
	"discount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "coupon_uses_discount_check" CHECK ("coupon_uses"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text,
	"name" text,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount_cents" integer,
	"min_order_cents" integer,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"shipping_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"combines_with_pix" boolean DEFAULT true NOT NULL,
	"combines_with_sale" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" IN ('percent', 'fixed', 'free_shipping')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" >= 0 AND ("coupons"."kind" <> 'percent' OR "coupons"."value" BETWEEN 1 AND 10000)),
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" IS NULL OR "coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses_count" >= 0 AND ("coupons"."usage_limit" IS NULL OR "coupons"."uses_count" <= "coupons"."usage_limit")),
	CONSTRAINT "coupons_dates_check" CHECK ("coupons"."starts_at" IS NULL OR "coupons"."ends_at" IS NULL OR "coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_total_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "coupon_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing_rules" jsonb;--> statement-breakpoint
ALTER TABLE "coupon_customer_uses" ADD CONSTRAINT "coupon_customer_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_id_idx" ON "coupon_uses" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_total_check" CHECK ("order_items"."promotion_discount_cents" >= 0 AND "order_items"."coupon_discount_cents" >= 0 AND "order_items"."total_cents" >= 0 AND "order_items"."total_cents" = "order_items"."unit_price_cents" * "order_items"."quantity" - "order_items"."promotion_discount_cents" - "order_items"."coupon_discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."shipping_cents" >= 0 AND "orders"."discount_cents" >= 0 AND "orders"."discount_cents" <= "orders"."subtotal_cents" AND "orders"."shipping_discount_cents" >= 0 AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."shipping_cents");