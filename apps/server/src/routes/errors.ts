import { errorResponseSchema } from '@sos/contract';

/**
 * The refusals a signed-in route's OpenAPI document lists (docs/contract.md "Conventions"): a
 * bad query or body, no valid session, not this user's role. Declared here once.
 */
export const SIGNED_IN_ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/** The same, and 404 for the thing the route looks up ("no such SOS"). */
export const signedInErrorsWith404 = (what: string) => ({
  ...SIGNED_IN_ERRORS,
  404: errorResponseSchema.describe(`NOT_FOUND: ${what}`),
});
