import { z } from 'zod';
import { accessLevels, operatorAreas } from './permission.rules.ts';

export const operatorAreaSchema = z.enum(operatorAreas);
export const accessLevelSchema = z.enum(accessLevels);

/** An operator's permission map; `bantuan` never has `write`. */
export const operatorPermissionsSchema = z
  .partialRecord(operatorAreaSchema, accessLevelSchema)
  .refine((map) => map.bantuan !== 'write', {
    message: 'Area bantuan tidak memiliki hak Update',
    path: ['bantuan'],
  });
