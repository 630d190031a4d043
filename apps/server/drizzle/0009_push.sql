-- Web Push (docs/push.md): the browsers' subscriptions, the outbox cursor of the fan-out,
-- one message per pushed event and one delivery per (message, subscription).
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL UNIQUE,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
--> statement-breakpoint
-- One row: the last outbox event the fan-out has turned into deliveries. A process claims the
-- events after it by locking the row and moving it on, in the transaction that writes them.
-- Written at the first start (push/fan-out.ts, ensurePushCursor): migrations add no rows.
CREATE TABLE "push_cursor" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL UNIQUE,
	"topic" text NOT NULL,
	"payload" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_messages_expires_idx" ON "push_messages" ("expires_at");
--> statement-breakpoint
-- A delivery is due at next_attempt_at; a process sending it moves that past its timeout
-- (a lease), so no other process takes it meanwhile.
CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL REFERENCES "push_messages"("id") ON DELETE CASCADE,
	"subscription_id" integer NOT NULL REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_message_subscription_unique" UNIQUE ("message_id", "subscription_id")
);
--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" ("next_attempt_at");
--> statement-breakpoint
CREATE INDEX "push_deliveries_subscription_idx" ON "push_deliveries" ("subscription_id");
