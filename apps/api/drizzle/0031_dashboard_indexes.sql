CREATE INDEX "cart_items_created_at_idx" ON "cart_items" USING btree ("created_at","cart_id");--> statement-breakpoint
CREATE INDEX "carts_updated_at_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","total_cents","payment_method","user_id","id") WHERE paid_at is not null and status in ('processing', 'shipped', 'delivered');--> statement-breakpoint
CREATE INDEX "orders_paid_user_idx" ON "orders" USING btree ("user_id","paid_at") WHERE paid_at is not null and status in ('processing', 'shipped', 'delivered');