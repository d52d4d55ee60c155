CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_day_payment_method_pk" PRIMARY KEY("day","payment_method")
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"variant_id" integer,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_lines_day_idx" ON "sales_lines" USING btree ("day","category","variant_id","quantity","revenue_cents","item_id","sku");--> statement-breakpoint
CREATE INDEX "sales_lines_order_idx" ON "sales_lines" USING btree ("order_id");--> statement-breakpoint
-- The São Paulo day an order counts as a sale on, or null while it does not: paid, and not
-- cancelled or refunded since. The same rule as PAID_ORDER (admin/dashboard-figures.ts) and the
-- store's time zone (STORE_TIME_ZONE); sales-rollups.test.ts holds the three together.
CREATE FUNCTION "order_sale_day"("status" text, "paid_at" timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN "paid_at" IS NOT NULL AND "status" IN ('processing', 'shipped', 'delivered')
    THEN ("paid_at" AT TIME ZONE 'America/Sao_Paulo')::date END
$$;--> statement-breakpoint
-- An order's sale before and after a change: its day and method lose the old order and gain the
-- new one (one upsert, keys in order, so two payments of one day wait for each other instead of
-- locking in opposite orders), and its items' lines follow its day.
CREATE FUNCTION "sales_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "old_day" date;
  "new_day" date;
  "old_method" text;
  "new_method" text;
  "old_total" integer := 0;
  "new_total" integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    "old_day" := "order_sale_day"(OLD."status", OLD."paid_at");
    "old_method" := OLD."payment_method";
    "old_total" := OLD."total_cents";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    "new_day" := "order_sale_day"(NEW."status", NEW."paid_at");
    "new_method" := NEW."payment_method";
    "new_total" := NEW."total_cents";
  END IF;
  IF ("old_day", "old_method", "old_total") IS NOT DISTINCT FROM ("new_day", "new_method", "new_total")
     OR ("old_day" IS NULL AND "new_day" IS NULL) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "sales_days" AS s ("day", "payment_method", "orders", "revenue_cents")
  SELECT c."day", c."method", sum(c."orders"), sum(c."revenue")
  FROM (VALUES ("old_day", "old_method", -1, -"old_total"), ("new_day", "new_method", 1, "new_total"))
    AS c("day", "method", "orders", "revenue")
  WHERE c."day" IS NOT NULL
  GROUP BY c."day", c."method"
  HAVING sum(c."orders") <> 0 OR sum(c."revenue") <> 0
  ORDER BY c."day", c."method"
  ON CONFLICT ("day", "payment_method") DO UPDATE
    SET "orders" = s."orders" + excluded."orders",
      "revenue_cents" = s."revenue_cents" + excluded."revenue_cents";
  IF TG_OP = 'UPDATE' AND "old_day" IS DISTINCT FROM "new_day" THEN
    IF "new_day" IS NULL THEN
      DELETE FROM "sales_lines" WHERE "order_id" = NEW."id";
    ELSE
      INSERT INTO "sales_lines" ("item_id", "order_id", "day", "category", "variant_id", "sku", "quantity", "revenue_cents")
      SELECT i."id", i."order_id", "new_day", i."category", i."variant_id", i."sku", i."quantity", i."total_cents"
      FROM "order_items" i WHERE i."order_id" = NEW."id"
      ORDER BY i."id"
      ON CONFLICT ("item_id") DO UPDATE SET "day" = excluded."day";
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Items written into an order that is a sale (a re-priced one, or a history loaded as paid):
-- their lines as they are now. Items of an unpaid order (every checkout) find no sale and write
-- nothing; a deleted item's line goes with it (the foreign key).
CREATE FUNCTION "sales_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_lines" AS l ("item_id", "order_id", "day", "category", "variant_id", "sku", "quantity", "revenue_cents")
  SELECT i."id", i."order_id", "order_sale_day"(o."status", o."paid_at"), i."category", i."variant_id", i."sku", i."quantity", i."total_cents"
  FROM "changed_items" i JOIN "orders" o ON o."id" = i."order_id"
  WHERE "order_sale_day"(o."status", o."paid_at") IS NOT NULL
  ORDER BY i."id"
  ON CONFLICT ("item_id") DO UPDATE
    SET "order_id" = excluded."order_id", "day" = excluded."day", "category" = excluded."category",
      "variant_id" = excluded."variant_id", "sku" = excluded."sku",
      "quantity" = excluded."quantity", "revenue_cents" = excluded."revenue_cents";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "sales_orders_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sales_days";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row triggers with conditions PostgreSQL checks before calling anything: an order update that
-- changes none of the four (an address, a tracking code, a timestamp) costs nothing.
CREATE TRIGGER "sales_orders_insert" AFTER INSERT ON "orders" FOR EACH ROW
WHEN (NEW."paid_at" IS NOT NULL) EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_update" AFTER UPDATE ON "orders" FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at"
  OR OLD."payment_method" IS DISTINCT FROM NEW."payment_method"
  OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents")
EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_delete" AFTER DELETE ON "orders" FOR EACH ROW
WHEN (OLD."paid_at" IS NOT NULL) EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT
EXECUTE FUNCTION "sales_orders_truncated"();--> statement-breakpoint
CREATE TRIGGER "sales_items_insert" AFTER INSERT ON "order_items"
REFERENCING NEW TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "sales_items_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_items_update" AFTER UPDATE ON "order_items"
REFERENCING NEW TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "sales_items_changed"();--> statement-breakpoint
-- The shop's history so far.
INSERT INTO "sales_days" ("day", "payment_method", "orders", "revenue_cents")
SELECT "order_sale_day"("status", "paid_at"), "payment_method", count(*), sum("total_cents")
FROM "orders" WHERE "order_sale_day"("status", "paid_at") IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "sales_lines" ("item_id", "order_id", "day", "category", "variant_id", "sku", "quantity", "revenue_cents")
SELECT i."id", i."order_id", "order_sale_day"(o."status", o."paid_at"), i."category", i."variant_id", i."sku", i."quantity", i."total_cents"
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE "order_sale_day"(o."status", o."paid_at") IS NOT NULL;
