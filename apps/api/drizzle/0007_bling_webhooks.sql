CREATE TABLE "bling_resource_versions" (
	"resource" text PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bling_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"resource_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"error" text
);
--> statement-breakpoint
-- The limiter keeps the moments of its last calls instead of a fixed window: the old counter row
-- (a second's worth of state) is simply dropped.
DELETE FROM "bling_rate_limit";--> statement-breakpoint
ALTER TABLE "bling_rate_limit" ADD COLUMN "recent" timestamp with time zone[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bling_rate_limit" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "bling_rate_limit" DROP COLUMN "window_count";