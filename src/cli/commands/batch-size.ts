import { z } from 'zod';

/** `--batch-size N`: rows per transaction. */
export const batchSizeFlag = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(50_000))
    .optional()
    .transform((v) => v ?? fallback);
