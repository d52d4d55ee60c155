CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"option_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"price_cents" integer,
	"sale_price_cents" integer,
	"pix_price_cents" integer,
	"weight_grams" integer,
	"gtin" text,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_quantity_check" CHECK ("product_variants"."stock_quantity" >= 0),
	CONSTRAINT "product_variants_prices_check" CHECK (("product_variants"."price_cents" IS NULL OR "product_variants"."price_cents" >= 0) AND ("product_variants"."pix_price_cents" IS NULL OR "product_variants"."pix_price_cents" >= 0) AND ("product_variants"."sale_price_cents" IS NULL OR "product_variants"."sale_price_cents" >= 0)),
	CONSTRAINT "product_variants_weight_check" CHECK ("product_variants"."weight_grams" IS NULL OR "product_variants"."weight_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_line_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "option_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "variant_id" integer;--> statement-breakpoint
-- Every product of the release before variants becomes one variant with its SKU and stock.
INSERT INTO "product_variants" ("product_id", "sku", "stock_quantity", "created_at", "updated_at")
SELECT "id", "sku", "stock_quantity", "created_at", "updated_at" FROM "products" ORDER BY "id";--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id";--> statement-breakpoint
-- Lines of one product with different free labels now share its one variant: they become one
-- line holding the units of all (at most a line's 999), dated by the first.
UPDATE "cart_items" c SET "quantity" = least(m."quantity", 999)
FROM (
  SELECT min("id") AS "id", sum("quantity") AS "quantity" FROM "cart_items"
  GROUP BY "cart_id", "variant_id" HAVING count(*) > 1
) m WHERE c."id" = m."id";--> statement-breakpoint
DELETE FROM "cart_items" c USING "cart_items" k
WHERE k."cart_id" = c."cart_id" AND k."variant_id" = c."variant_id" AND k."id" < c."id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
UPDATE "order_items" o SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = o."product_id";--> statement-breakpoint
UPDATE "stock_movements" m SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = m."product_id";--> statement-breakpoint
-- products.stock_quantity is the sum over the active variants, kept here whoever writes them. The
-- products are updated in id order, so two statements moving variants of the same products
-- never wait on each other in opposite orders.
CREATE FUNCTION "product_variants_stock_sum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "stock_quantity" = s."total"
  FROM (
    SELECT l."id", coalesce((
      SELECT sum(v."stock_quantity") FROM "product_variants" v
      WHERE v."product_id" = l."id" AND v."active" AND v."retired_at" IS NULL
    ), 0)::integer AS "total"
    FROM (
      SELECT q."id" FROM "products" q
      WHERE q."id" IN (SELECT DISTINCT "product_id" FROM "changed_rows")
      ORDER BY q."id" FOR UPDATE
    ) l
  ) s
  WHERE p."id" = s."id" AND p."stock_quantity" IS DISTINCT FROM s."total";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_sum_insert" AFTER INSERT ON "product_variants"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_stock_sum"();--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_sum_update" AFTER UPDATE ON "product_variants"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_stock_sum"();--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_sum_delete" AFTER DELETE ON "product_variants"
REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_stock_sum"();--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("sku") WHERE "product_variants"."retired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_unique" UNIQUE("cart_id","variant_id");