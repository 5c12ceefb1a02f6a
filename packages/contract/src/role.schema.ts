import { z } from 'zod';
import { roles, studentStatuses } from './role.rules.ts';

export const roleSchema = z.enum(roles);
export const studentStatusSchema = z.enum(studentStatuses);
