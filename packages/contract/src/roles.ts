import { z } from 'zod';

export const ROLES = ['SUPER_ADMIN', 'EMPLOYEE'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export const SUPER_ADMIN: Role = 'SUPER_ADMIN';
export const EMPLOYEE: Role = 'EMPLOYEE';
