CREATE TABLE "auth_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"username" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_windows" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_windows_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "throttle_paces" (
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	CONSTRAINT "throttle_paces_kind_address_pk" PRIMARY KEY("kind","address")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_failures_address_idx" ON "auth_failures" USING btree ("kind","address","at");--> statement-breakpoint
CREATE INDEX "auth_failures_pair_idx" ON "auth_failures" USING btree ("username","address","at") WHERE username IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");