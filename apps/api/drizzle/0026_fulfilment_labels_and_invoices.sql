CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text DEFAULT 'bling' NOT NULL,
	"state" text DEFAULT 'requesting' NOT NULL,
	"uncertain" boolean DEFAULT false NOT NULL,
	"provider_invoice_id" text,
	"number" text,
	"series" text,
	"access_key" text,
	"danfe_url" text,
	"xml_url" text,
	"reason" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id"),
	CONSTRAINT "invoices_state_known" CHECK ("invoices"."state" in ('requesting', 'pending', 'processing', 'authorised', 'rejected', 'denied', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "melhor_envio_connection" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"scope" text,
	"connected_by" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "melhor_envio_connection_single_row" CHECK ("melhor_envio_connection"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "melhor_envio_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "melhor_envio_webhook_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"resource_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text DEFAULT 'melhor_envio' NOT NULL,
	"service_id" integer NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"uncertain" boolean DEFAULT false NOT NULL,
	"provider_order_id" text,
	"protocol" text,
	"price_cents" integer,
	"tracking_code" text,
	"invoice_key" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"generated_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "shipping_labels_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "shipping_labels_state_known" CHECK ("shipping_labels"."state" in ('claimed', 'carted', 'paid', 'generated', 'posted', 'delivered', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"label_id" integer,
	"status" text NOT NULL,
	"description" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "melhor_envio_connection" ADD CONSTRAINT "melhor_envio_connection_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "melhor_envio_oauth_states" ADD CONSTRAINT "melhor_envio_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_label_id_shipping_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."shipping_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_live_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_state_idx" ON "invoices" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_one_live_per_order" ON "shipping_labels" USING btree ("order_id") WHERE "shipping_labels"."state" <> 'canceled';--> statement-breakpoint
CREATE INDEX "shipping_labels_state_idx" ON "shipping_labels" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_once" ON "tracking_events" USING btree ("label_id","status");--> statement-breakpoint
CREATE INDEX "tracking_events_order_idx" ON "tracking_events" USING btree ("order_id");