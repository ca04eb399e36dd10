-- Licensed clinicians: the account's licence, NPI and the states it may treat patients located in.
CREATE TABLE "clinicians" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credentials" text NOT NULL,
	"npi" text NOT NULL,
	"states" text[] NOT NULL,
	"on_duty" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinicians_credentials_known" CHECK ("credentials" IN ('MD', 'DO', 'NP', 'PA'))
);
--> statement-breakpoint
ALTER TABLE "clinicians" ADD CONSTRAINT "clinicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinicians_npi_key" ON "clinicians" USING btree ("npi");--> statement-breakpoint
CREATE INDEX "clinicians_states_idx" ON "clinicians" USING gin ("states");
