-- Expenses with receipt attachments and the exchange rate they are saved at (decision 020).
CREATE TABLE "exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inr_per_usd_e4" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."inr_per_usd_e4" > 0)
);--> statement-breakpoint
CREATE TABLE "expense_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expense_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attached_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "expense_uploads_storage_key" ON "expense_uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "expense_uploads_expense_idx" ON "expense_uploads" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_uploads_unattached_idx" ON "expense_uploads" USING btree ("created_at") WHERE attached_at IS NULL;--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"original_currency" text NOT NULL,
	"original_amount_minor" bigint NOT NULL,
	"amount_usd_cents" bigint NOT NULL,
	"amount_inr_paise" bigint NOT NULL,
	"inr_per_usd_e4" integer NOT NULL,
	"spent_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_upload_id" uuid,
	CONSTRAINT "expenses_currency" CHECK ("expenses"."original_currency" IN ('USD', 'INR')),
	CONSTRAINT "expenses_amounts" CHECK ("expenses"."original_amount_minor" >= 0 AND "expenses"."amount_usd_cents" >= 0 AND "expenses"."amount_inr_paise" >= 0 AND "expenses"."inr_per_usd_e4" > 0)
);--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_file_upload_id_expense_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."expense_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_spent_idx" ON "expenses" USING btree ("spent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expenses_created_by_idx" ON "expenses" USING btree ("created_by","spent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expenses_currency_idx" ON "expenses" USING btree ("original_currency","spent_at" DESC NULLS LAST,"id" DESC NULLS LAST);
