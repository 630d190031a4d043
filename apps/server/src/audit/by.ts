/** Who acts and from where: the signed-in user (null for a failed login) and the client address. */
export interface AuditBy {
  actor: { id: number; username: string } | null;
  address: string | null;
}

/**
 * The address of an action taken with `npm run admin` on the server itself: no client, no
 * signed-in user (the actor is null), so the record says where it came from instead.
 */
const CLI_ADDRESS = 'cli';

export const CLI_BY: AuditBy = { actor: null, address: CLI_ADDRESS };

/** The request's user and address (request.ip: the socket's unless SOS_TRUST_PROXY says otherwise). */
export function auditByOf(request: {
  user: { id: number; username: string } | null;
  ip: string;
}): AuditBy {
  const user = request.user;
  return { actor: user ? { id: user.id, username: user.username } : null, address: request.ip };
}
