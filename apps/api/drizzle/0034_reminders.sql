CREATE TABLE "reminder_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reminder_id" integer NOT NULL,
	"number" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"restore_token_hash" text NOT NULL,
	"restore_items" jsonb NOT NULL,
	"restore_expires_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_user_id" integer,
	"restored_session_id" uuid,
	"unsubscribe_token_hash" text NOT NULL,
	"unsubscribe_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_messages_restore_token_hash_unique" UNIQUE("restore_token_hash"),
	CONSTRAINT "reminder_messages_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "reminder_messages_number_unique" UNIQUE("reminder_id","number"),
	CONSTRAINT "reminder_messages_number_check" CHECK ("reminder_messages"."number" IN (1, 2))
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"cart_id" integer,
	"cart_changed_at" timestamp with time zone,
	"order_id" integer,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_cart_episode_unique" UNIQUE("cart_id","cart_changed_at"),
	CONSTRAINT "reminders_order_unique" UNIQUE("order_id"),
	CONSTRAINT "reminders_kind_check" CHECK ("reminders"."kind" IN ('cart', 'pix_expired')),
	CONSTRAINT "reminders_subject_check" CHECK (("reminders"."kind" = 'cart' AND "reminders"."cart_changed_at" IS NOT NULL AND "reminders"."order_id" IS NULL) OR ("reminders"."kind" = 'pix_expired' AND "reminders"."order_id" IS NOT NULL)),
	CONSTRAINT "reminders_sent_count_check" CHECK ("reminders"."sent_count" BETWEEN 0 AND 2),
	CONSTRAINT "reminders_stop_reason_check" CHECK ("reminders"."stop_reason" IS NULL OR "reminders"."stop_reason" IN ('purchase', 'no_consent', 'cart_changed', 'nothing_available', 'restored'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "reminder_messages" ADD CONSTRAINT "reminder_messages_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_messages" ADD CONSTRAINT "reminder_messages_restored_user_id_users_id_fk" FOREIGN KEY ("restored_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_messages_sent_at_idx" ON "reminder_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "reminder_messages_restored_at_idx" ON "reminder_messages" USING btree ("restored_at") WHERE "reminder_messages"."restored_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reminder_messages_restored_session_idx" ON "reminder_messages" USING btree ("restored_session_id") WHERE "reminder_messages"."restored_session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("next_due_at") WHERE "reminders"."stopped_at" IS NULL AND "reminders"."next_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reminders_user_idx" ON "reminders" USING btree ("user_id","created_at");