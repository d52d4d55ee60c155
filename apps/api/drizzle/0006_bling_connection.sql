CREATE TABLE "bling_connection" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"scope" text,
	"connected_by" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"sync_summary" jsonb,
	"last_sync_at" timestamp with time zone,
	CONSTRAINT "bling_connection_single_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "bling_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bling_rate_limit" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"window_count" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bling_rate_limit_single_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "bling_connection" ADD CONSTRAINT "bling_connection_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bling_oauth_states" ADD CONSTRAINT "bling_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;