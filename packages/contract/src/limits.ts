/** Business constants shared by the server, the console's forms and the tests (docs/console.md, §9). */
export const API_KEY_MIN_LENGTH = 4;
export const API_KEY_MAX_LENGTH = 200;
/** A device key shorter than this is accepted but called weak on the settings screen (docs/security.md). */
export const API_KEY_STRONG_LENGTH = 16;
/** The key generated at the first start has this many characters. */
export const GENERATED_API_KEY_LENGTH = 32;
/** Devices send the key in an HTTP header: printable ASCII only. */
export const API_KEY_PATTERN = /^[\x20-\x7e]+$/;
export const PASSWORD_MIN_LENGTH = 8;
/** NIST SP 800-63B as docs/security.md applies it: a super administrator's password is longer. */
export const SUPER_ADMIN_PASSWORD_MIN_LENGTH = 12;
/** How the API says a new password is a well-known one (the console's form shows why). */
export const COMMON_PASSWORD_MESSAGE =
  'body.password: is one of the most common passwords: choose another';
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MAX_LENGTH = 50;
/** Sign-in takes longer names than accounts have: a long one is refused as a wrong login. */
export const LOGIN_USERNAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const SERIAL_MAX_LENGTH = 64;
/** docs/console.md: a basic email pattern whose top-level domain has 2 to 4 characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;
/** Device serials: printable, URL-safe, no spaces. */
export const SERIAL_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** Keep-alive comment interval on the live stream. */
export const LIVE_KEEPALIVE_MS = 15_000;
export const PAGE_SIZE = 20;

// Constants the console needs without zod (this module is its zod-free entry, like paths).
/** What happened, given when an SOS is closed (docs/alarm-handling.md); optional. */
export const SOS_OUTCOMES = [
  'ASSISTANCE_SENT',
  'EMERGENCY_SERVICES',
  'RESOLVED_BY_PHONE',
  'FALSE_ALARM',
  'TEST',
  'NO_RESPONSE',
  'OTHER',
] as const;

/** The share of SOS to take in charge within the target, and within 180 s (EN 50518, TEC; docs/alarm-handling.md). */
export const ACK_TARGET_GOAL_PCT = 98.5;
export const ACK_180S_GOAL_PCT = 99;
