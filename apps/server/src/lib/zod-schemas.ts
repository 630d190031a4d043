import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type Factories = NonNullable<SchemaController['compilersFactory']>;

/**
 * Zod validates and serializes every route (the contract's schemas), given to Fastify as its
 * compiler factories: what setValidatorCompiler and setSerializerCompiler install, but without
 * them Fastify requires its own compilers (Ajv, fast-json-stringify) when it is constructed,
 * never to use them: part of a start (docs/operations.md, "Running it"). Fastify types the
 * factories for Ajv's schemas, hence the casts; the runtime contract is the same function.
 */
export const zodSchemaController: SchemaController = {
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
};
