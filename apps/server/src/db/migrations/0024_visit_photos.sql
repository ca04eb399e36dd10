ALTER TABLE "visit_messages" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD COLUMN "photo_type" text;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD COLUMN "photo_size" integer;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_photo_whole" CHECK (("photo_id" IS NULL) = ("photo_type" IS NULL) AND ("photo_id" IS NULL) = ("photo_size" IS NULL));--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_photo_type" CHECK ("photo_type" IN ('image/jpeg', 'image/png'));--> statement-breakpoint
CREATE UNIQUE INDEX "visit_messages_photo_idx" ON "visit_messages" USING btree ("photo_id");
