CREATE TABLE "bling_variant_links" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"bling_id" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bling_variant_links_bling_id_unique" UNIQUE("bling_id")
);
--> statement-breakpoint
ALTER TABLE "bling_variant_links" ADD CONSTRAINT "bling_variant_links_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;