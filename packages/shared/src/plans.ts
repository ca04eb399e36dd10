import { z } from './zod';
import { normalizePlanId } from './plan-ids';

export * from './plan-ids';
export * from './money';

export const planIdSchema = (message: string) =>
  z
    .string({ error: message })
    .max(50, { error: message })
    .transform((v, ctx) => {
      const id = normalizePlanId(v);
      if (!id) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
