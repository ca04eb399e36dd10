CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"sms_opt_in" boolean NOT NULL,
	"customer_ip" text,
	"customer_state" text,
	"customer_country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
