CREATE TABLE "privacy_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"response" text,
	"ip" text,
	CONSTRAINT "privacy_requests_type_check" CHECK ("privacy_requests"."type" IN ('access', 'export', 'deletion')),
	CONSTRAINT "privacy_requests_status_check" CHECK ("privacy_requests"."status" IN ('requested', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_one_open_idx" ON "privacy_requests" USING btree ("user_id","type") WHERE "privacy_requests"."status" = 'requested';