import { z } from 'zod';
import { roleSchema } from './roles.js';
import { apiFields } from './rules.js';

export const employeeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeListSchema = z.array(employeeSchema);

const { username, email, password } = apiFields;

export const createEmployeeRequestSchema = z.object({
  username,
  email,
  password,
  role: roleSchema.default('EMPLOYEE'),
});
export type CreateEmployeeRequest = z.input<typeof createEmployeeRequestSchema>;

/** PATCH body (docs/console.md: user data including id and username); an empty password keeps the old one. */
export const updateEmployeeRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  username,
  email,
  password: z.union([z.literal(''), password]).optional(),
  role: roleSchema.optional(),
});
export type UpdateEmployeeRequest = z.infer<typeof updateEmployeeRequestSchema>;
