/**
 * What the domain logs through: the part of a pino logger (Fastify's, the command line's) it
 * uses, so a domain file needs no web framework's type to log.
 */
export interface Log {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}
