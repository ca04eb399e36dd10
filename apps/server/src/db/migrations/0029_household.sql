-- The household (decision 066): the people a family membership covers besides its holder. A child is
-- an account without a login, managed by its guardian; an invited adult is an account of their own.
CREATE TABLE "household_members" (
	"user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
	"holder_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"role" text NOT NULL,
	"guardian_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
	"relationship" text,
	"sex" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_role_known" CHECK ("role" IN ('adult', 'child')),
	CONSTRAINT "household_members_child_has_guardian" CHECK (("role" = 'child') = ("guardian_id" IS NOT NULL)),
	CONSTRAINT "household_members_not_own_holder" CHECK ("user_id" <> "holder_id")
);
--> statement-breakpoint
CREATE INDEX "household_members_holder_idx" ON "household_members" USING btree ("holder_id");
--> statement-breakpoint
CREATE INDEX "household_members_guardian_idx" ON "household_members" USING btree ("guardian_id") WHERE "guardian_id" IS NOT NULL;
--> statement-breakpoint
-- An invitation to an adult, by e-mail; only a SHA-256 of its token is kept. With a person, it hands a
-- child who turned 18 their own login (decision 067).
CREATE TABLE "household_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"person_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_invitations_email_lowercase" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "household_invitations_token_key" ON "household_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "household_invitations_holder_idx" ON "household_invitations" USING btree ("holder_id") WHERE "accepted_at" IS NULL;
