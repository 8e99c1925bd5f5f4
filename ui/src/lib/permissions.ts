/**
 * The one permission module of the UI. It mirrors the server (DESIGN.md §7): the role and
 * plan tables, the plan limits, the action table and the spec's texts all come from
 * `src/generated/permissions.json`, which is generated from the Rust `domain` crate —
 * never typed twice. This file only decides; `usePermission` adds the modal or toast.
 */
import { z } from 'zod';

import rawCatalog from '@/generated/permissions.json';

const checkModeSchema = z.enum(['plan', 'role', 'both']);
const planIdSchema = z.enum(['basic', 'professional', 'enterprise']);
const modalSchema = z.object({ title: z.string(), text: z.string() });

export const permissionCatalogSchema = z.object({
  permissions: z.array(z.string()),
  roles: z.array(
    z.object({ number: z.number().int(), name: z.string(), permissions: z.array(z.string()) }),
  ),
  plans: z.array(
    z.object({
      id: planIdSchema,
      name: z.string(),
      permissions: z.array(z.string()),
      // null (or a missing key) means unlimited.
      limits: z.record(z.string(), z.number().nullable()),
    }),
  ),
  default_plan: planIdSchema,
  actions: z.record(
    z.string(),
    z.object({
      permission: z.string(),
      mode: checkModeSchema,
      limit: z.string().nullable(),
      // A role number: below it, the caller must own what is acted on.
      owner_unless: z.number().int().nullable().optional(),
    }),
  ),
  resources: z.record(z.string(), z.string()),
  messages: z.object({
    plan_restriction: z.string(),
    role_restriction: z.string(),
    permission_denied: z.string(),
    no_workspace_access: z.string(),
    invalid_check_by: z.string(),
    limit_exceeded: z.string(),
  }),
  modals: z.object({
    plan_restriction: modalSchema,
    role_restriction: modalSchema,
    permission_denied: modalSchema,
    limit_exceeded: modalSchema,
  }),
});

export type PermissionCatalog = z.infer<typeof permissionCatalogSchema>;
export type CheckMode = z.infer<typeof checkModeSchema>;
export type PlanId = z.infer<typeof planIdSchema>;
export type Plan = PermissionCatalog['plans'][number];
export type Role = PermissionCatalog['roles'][number];

/** Parsed once at start: a catalog of the wrong shape fails loudly, not silently. */
export const permissionCatalog: PermissionCatalog = permissionCatalogSchema.parse(rawCatalog);

/** Role numbers (spec §4). */
export const ROLE = { viewer: 0, editor: 1, admin: 2 } as const;

export type PermissionVariant = 'none' | 'dialog' | 'alert';

export type DenialReason =
  | 'plan_restriction'
  | 'role_restriction'
  | 'permission_denied'
  | 'limit_exceeded'
  | 'no_workspace_access';

export type PermissionCheck = {
  /** An action of the catalog (snake_case), or a bare permission string. */
  action: string;
  /** 'plan', 'role' or 'both'; defaults to the action's mode, else 'both'. */
  checkBy?: string;
  variant?: PermissionVariant;
  /** The resource whose limit applies; defaults to the action's limit. */
  resource?: string;
  /**
   * Whether the caller owns what is acted on (the audit session they opened); consulted
   * by actions with `owner_unless`, where leaving it out counts as not owning it.
   */
  isOwner?: boolean;
  /** Usage now; with it the limit is checked too (spec §5). */
  currentUsage?: number;
  /** How much the action adds; defaults to 1. */
  increment?: number;
};

/** Who is asking, in the active workspace. */
export type PermissionContext = {
  /** The role of the membership covering the active workspace; null when none does. */
  role: number | null;
  /** The organization's plan id; null falls back to the catalog's default plan. */
  plan: PlanId | null;
};

export type PermissionResult =
  | { allowed: true }
  | {
      allowed: false;
      reason: DenialReason;
      message: string;
      /** Display name of the resource, for limit denials. */
      resourceName?: string;
    };

export class InvalidCheckByError extends Error {
  override readonly name = 'InvalidCheckByError';
}

function isCheckMode(value: string): value is CheckMode {
  return value === 'plan' || value === 'role' || value === 'both';
}

export function isPlanId(value: unknown): value is PlanId {
  return value === 'basic' || value === 'professional' || value === 'enterprise';
}

/**
 * The role number of the user's membership in `organizationId`, or null. Actions on the
 * organization itself (creating a workspace) are decided by it, so a user who has no
 * workspace yet, e.g. right after sign-up, can still create the first one.
 */
export function roleInOrganization(
  memberships: readonly { role: number; organization_id?: string | null }[],
  organizationId: string | null,
): number | null {
  if (!organizationId) return null;
  const membership = memberships.find((m) => m.organization_id === organizationId);
  return membership ? membership.role : null;
}

/** The role number of the membership that covers `workspaceId`, or null (spec §6). */
export function roleInWorkspace(
  memberships: readonly { role: number; workspaces: readonly string[] }[],
  workspaceId: string | null,
): number | null {
  if (!workspaceId) return null;
  const membership = memberships.find((m) => m.workspaces.includes(workspaceId));
  return membership ? membership.role : null;
}

/**
 * The plan checks use: the organization's plan when it names a known plan (by id or by
 * name), otherwise the catalog's default (Professional, the plan the spec applies).
 */
export function effectivePlan(
  organizationPlan: string | null | undefined,
  catalog: PermissionCatalog = permissionCatalog,
): Plan {
  const wanted = (organizationPlan ?? '').trim().toLowerCase();
  const found = wanted
    ? catalog.plans.find((p) => p.id === wanted || p.name.toLowerCase() === wanted)
    : undefined;
  const fallback = catalog.plans.find((p) => p.id === catalog.default_plan);
  if (found) return found;
  if (!fallback) throw new Error(`default plan ${catalog.default_plan} is not in the catalog`);
  return fallback;
}

/**
 * Spec §5 limit rule: an unset or infinite limit always allows; otherwise allowed when
 * usage plus the increment is at most the limit.
 */
export function withinLimit(
  currentUsage: number,
  increment: number,
  limit: number | null | undefined,
): boolean {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return true;
  return currentUsage + increment <= limit;
}

export function formatResourceMessage(template: string, resourceName: string): string {
  return template.replaceAll('{resource}', resourceName);
}

/** Decides one check. Throws the spec's text when `checkBy` is not plan, role or both. */
export function checkPermission(
  input: PermissionCheck,
  context: PermissionContext,
  catalog: PermissionCatalog = permissionCatalog,
): PermissionResult {
  const action = catalog.actions[input.action];
  const checkBy = input.checkBy ?? action?.mode ?? 'both';
  if (!isCheckMode(checkBy)) {
    throw new InvalidCheckByError(catalog.messages.invalid_check_by);
  }

  if (context.role === null) {
    return {
      allowed: false,
      reason: 'no_workspace_access',
      message: catalog.messages.no_workspace_access,
    };
  }

  const permission = action?.permission ?? input.action;
  const plan = effectivePlan(context.plan, catalog);
  const role = catalog.roles.find((r) => r.number === context.role);

  const planAllows = checkBy === 'role' || plan.permissions.includes(permission);
  const roleAllows = checkBy === 'plan' || (role?.permissions.includes(permission) ?? false);

  if (!planAllows && !roleAllows) {
    return {
      allowed: false,
      reason: 'permission_denied',
      message: catalog.messages.permission_denied,
    };
  }
  if (!planAllows) {
    return {
      allowed: false,
      reason: 'plan_restriction',
      message: catalog.messages.plan_restriction,
    };
  }
  if (!roleAllows) {
    return {
      allowed: false,
      reason: 'role_restriction',
      message: catalog.messages.role_restriction,
    };
  }

  const ownerUnless = action?.owner_unless;
  if (ownerUnless !== null && ownerUnless !== undefined) {
    if (context.role < ownerUnless && input.isOwner !== true) {
      return {
        allowed: false,
        reason: 'role_restriction',
        message: catalog.messages.role_restriction,
      };
    }
  }

  if (input.currentUsage !== undefined) {
    const limitKey =
      action?.limit ?? (input.resource && input.resource in plan.limits ? input.resource : null);
    if (limitKey) {
      const increment = input.increment ?? 1;
      if (!withinLimit(input.currentUsage, increment, plan.limits[limitKey])) {
        const resourceKey = input.resource ?? limitKey;
        const resourceName =
          catalog.resources[resourceKey] ?? catalog.resources[limitKey] ?? resourceKey;
        return {
          allowed: false,
          reason: 'limit_exceeded',
          message: formatResourceMessage(catalog.messages.limit_exceeded, resourceName),
          resourceName,
        };
      }
    }
  }

  return { allowed: true };
}

export type PermissionModalKind = keyof PermissionCatalog['modals'];

/** Spec §6/§8: plan → Plan Restriction, role → Role Restriction, limit → Resource Limit Exceeded, other → Permission Denied. */
export function modalKindFor(reason: DenialReason): PermissionModalKind {
  switch (reason) {
    case 'plan_restriction':
      return 'plan_restriction';
    case 'role_restriction':
      return 'role_restriction';
    case 'limit_exceeded':
      return 'limit_exceeded';
    case 'permission_denied':
    case 'no_workspace_access':
      return 'permission_denied';
  }
}
