import { z } from 'zod';

/** Who works the counter. A cashier sells and tops up; a manager also approves what a cashier may not do alone. */
export const CASHIER_ROLES = ['cashier', 'manager'] as const;
export const CashierRoleSchema = z.enum(CASHIER_ROLES);
export type CashierRole = z.infer<typeof CashierRoleSchema>;

export const CashierSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: CashierRoleSchema,
  /** A cashier who left is deactivated, never deleted: the journal's records still name them. */
  active: z.boolean(),
  /** The first manager signs in with the manager PIN chosen in Settings. */
  usesManagerPin: z.boolean(),
});
export type Cashier = z.infer<typeof CashierSchema>;

export const CashierNameSchema = z.string().trim().min(1).max(40);
export const PinSchema = z.string().regex(/^\d{4,8}$/, 'PIN must be 4 to 8 digits');

/** A manager's approval of something a cashier may not do alone: which manager, and their PIN. */
export const ApprovalSchema = z.object({ managerId: z.string().min(1).max(100), pin: PinSchema }).strict();
export type Approval = z.infer<typeof ApprovalSchema>;
