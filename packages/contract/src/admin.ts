import { ZSubscriptionType } from './common';
import { z } from './messages';

export const ZAdminUsersQuery = z.object({
  page: z.coerce.number().int().min(0).default(0).describe('zero-based'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  query: z
    .string()
    .trim()
    .max(254)
    .default('')
    .describe('any part of the e-mail address, in any letter case'),
});

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  subscription_type: ZSubscriptionType,
  credits: z.number().int(),
  created_at: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersResponse = z.object({ users: z.array(ZAdminUser), total: z.number().int() });
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZSetUserActiveRequest = z.object({ id: z.uuid('id is not valid'), is_active: z.boolean() });
export type TSetUserActiveRequest = z.input<typeof ZSetUserActiveRequest>;

/** The account an admin call is about (a path parameter). */
export const ZAdminUserParams = z.object({ id: z.uuid('id is not valid') });

export const ZSetUserPlanRequest = z.object({ subscription_type: ZSubscriptionType });
export type TSetUserPlanRequest = z.input<typeof ZSetUserPlanRequest>;
export const ZSetUserPlanResponse = z.object({ message: z.string(), subscription_type: ZSubscriptionType });
export type TSetUserPlanResponse = z.infer<typeof ZSetUserPlanResponse>;
