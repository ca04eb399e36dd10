-- The outbox keeps what a message says, not its laid-out bodies (decision 039). A queued message held
-- its text and HTML bodies, each sealed: for a renewal's receipt 2.9 kB of sealed text (the HTML part
-- stored out of line), written by every renewal and checkout and sealed on the server's one thread.
-- It now holds the letter (greeting, paragraphs, action, closing) as sealed JSON, about a fifth of
-- that, and the layout is applied when the message is sent. Messages queued before this migration
-- keep their bodies and are sent from them.
ALTER TABLE "mail_outbox" ADD COLUMN "letter" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text_body" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html_body" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_has_content" CHECK ("mail_outbox"."letter" IS NOT NULL OR ("mail_outbox"."text_body" IS NOT NULL AND "mail_outbox"."html_body" IS NOT NULL));
