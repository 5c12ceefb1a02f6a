import type { z } from 'zod';
import { errorMessages } from '@lms/contract/error-messages';
import { badRequest } from './app-error.ts';
import { assertNoNul } from './input-guard.ts';

/**
 * Validates a value with a contract schema outside Fastify's own validation (multipart fields, JSON
 * that arrives beside a file), answering the same `validation_failed` envelope as route schemas.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  assertNoNul(value);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  const first = fields[0]!;
  throw badRequest(
    'validation_failed',
    `${errorMessages.validation_failed} ${first.field ? `${first.field}: ` : ''}${first.message}`,
    { fields },
  );
}
