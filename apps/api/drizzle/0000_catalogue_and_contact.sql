CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"complementary_description" text,
	"price_cents" integer NOT NULL,
	"pix_price_cents" integer,
	"sale_price_cents" integer,
	"category" text NOT NULL,
	"subcategory" text,
	"sku" text NOT NULL,
	"bling_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"display_status" text DEFAULT 'visible' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"measures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"stock_status" text GENERATED ALWAYS AS (CASE WHEN stock_quantity > 0 THEN 'in_stock' ELSE 'out_of_stock' END) STORED NOT NULL,
	"weight_grams" integer DEFAULT 10 NOT NULL,
	"length_cm" integer DEFAULT 16 NOT NULL,
	"width_cm" integer DEFAULT 11 NOT NULL,
	"height_cm" integer DEFAULT 2 NOT NULL,
	"search_text" text NOT NULL,
	"name_key" text NOT NULL,
	"last_sync" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_bling_id_unique" UNIQUE("bling_id"),
	CONSTRAINT "products_category_check" CHECK ("products"."category" IN ('orelha', 'boca', 'nariz', 'sobrancelha', 'umbigo', 'mamilo')),
	CONSTRAINT "products_display_status_check" CHECK ("products"."display_status" IN ('visible', 'featured', 'hidden')),
	CONSTRAINT "products_stock_quantity_check" CHECK ("products"."stock_quantity" >= 0),
	CONSTRAINT "products_prices_check" CHECK ("products"."price_cents" >= 0 AND ("products"."pix_price_cents" IS NULL OR "products"."pix_price_cents" >= 0) AND ("products"."sale_price_cents" IS NULL OR "products"."sale_price_cents" >= 0)),
	CONSTRAINT "products_package_check" CHECK ("products"."weight_grams" > 0 AND "products"."length_cm" > 0 AND "products"."width_cm" > 0 AND "products"."height_cm" > 0)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_ip_created_at_idx" ON "contact_messages" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");