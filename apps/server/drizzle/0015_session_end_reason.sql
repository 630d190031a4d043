-- Why a session ended (docs/security.md "Sessions"): SIGNED_OUT (logout), ACCOUNT_CHANGED (a
-- role or password change ended it), TOKEN_REUSED (a rotated refresh token came back). NULL
-- while it lives, and for sessions that ended before this column: they answer as before.
ALTER TABLE "sessions" ADD COLUMN "end_reason" text;
