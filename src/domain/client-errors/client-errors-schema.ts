import { z } from 'zod';
import { COMPONENTS_MAX, MESSAGE_MAX, type ClientErrorReport } from './client-errors';

/**
 * The server's check of a client error report (POST /secure/client-errors). Apart from client-errors.ts, which the
 * portal loads with its first page: zod stays off the sign-in page.
 */
export const clientErrorReportSchema = z.strictObject({
  route: z
    .string()
    .max(120)
    .regex(/^\/[A-Za-z0-9/_:.-]*$/, 'route is a path pattern'),
  name: z
    .string()
    .max(60)
    .regex(/^[A-Za-z0-9_$]+$/, 'name is an error class name'),
  message: z.string().max(MESSAGE_MAX),
  components: z
    .array(
      z
        .string()
        .max(80)
        .regex(/^[A-Za-z0-9_$]+$/, 'a component is a component name'),
    )
    .max(COMPONENTS_MAX),
}) satisfies z.ZodType<ClientErrorReport>;
