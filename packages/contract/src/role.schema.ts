import { z } from 'zod';
import { roles } from './role.rules.ts';

export const roleSchema = z.enum(roles);
