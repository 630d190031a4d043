import { z } from 'zod';
import { roleSchema } from './roles.js';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './limits.js';

export const employeeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeListSchema = z.array(employeeSchema);

const username = z.string().trim().min(1, 'is required').max(USERNAME_MAX_LENGTH);
const email = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH)
  .regex(EMAIL_PATTERN, 'must be a valid email address');
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

export const createEmployeeRequestSchema = z.object({
  username,
  email,
  password,
  role: roleSchema.default('EMPLOYEE'),
});
export type CreateEmployeeRequest = z.input<typeof createEmployeeRequestSchema>;

/** PATCH body (spec §7: user data including id and username); an empty password keeps the old one. */
export const updateEmployeeRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  username,
  email,
  password: z.union([z.literal(''), password]).optional(),
  role: roleSchema.optional(),
});
export type UpdateEmployeeRequest = z.infer<typeof updateEmployeeRequestSchema>;
