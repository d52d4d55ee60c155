ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Every administrator so far could do everything: each becomes an owner before the rule below holds.
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" IS NULL OR "users"."staff_role" IN ('owner', 'manager', 'operator', 'catalogue'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_admin_check" CHECK (("users"."role" = 'admin') = ("users"."staff_role" IS NOT NULL));
