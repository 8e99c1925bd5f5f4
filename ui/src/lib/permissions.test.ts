/**
 * The permission module against the spec's own tables (§6 and §9), written out here
 * independently of the generated catalog so a wrong catalog fails these tests.
 */
import { describe, expect, it } from 'vitest';

import {
  checkPermission,
  effectivePlan,
  modalKindFor,
  permissionCatalog,
  roleInOrganization,
  roleInWorkspace,
  withinLimit,
  type PermissionCatalog,
  type PlanId,
} from './permissions';

const ALL = [
  'read',
  'write',
  'delete',
  'user_management:read',
  'user_management:write',
  'user_management:delete',
  'role_management',
  'collection_management',
  'permission_assignment',
  'workspace:read',
  'workspace:write',
  'workspace:delete',
  'workspace_settings',
  'workspace_limited',
  'accounting:read',
  'accounting:write',
  'accounting:post',
  'accounting:basic',
  'accounting:advanced',
  'financial_document_generation',
  'ai_chatbot:full_access',
  'ai_chatbot:limited_access',
  'payroll:read',
  'payroll:write',
  'payroll:basic',
  'payroll:advanced',
  'sandbox_access',
  'audit_logs_access',
  'audit_service_access',
  'journal_entries:read',
  'journal_entries:write',
  'journal_entries:post',
  'general_ledgers:read',
  'general_ledgers:write',
  'activity_logs',
  'actions:invite_collaborators',
  'import_journal_entries',
];

const ADMIN_EXCLUDED = [
  'collection_management',
  'accounting:basic',
  'accounting:advanced',
  'ai_chatbot:limited_access',
  'workspace_limited',
  'payroll:basic',
  'payroll:advanced',
];

const SPEC_ROLES: Record<string, { number: number; permissions: string[] }> = {
  Admin: { number: 2, permissions: ALL.filter((p) => !ADMIN_EXCLUDED.includes(p)) },
  Editor: {
    number: 1,
    permissions: [
      'read',
      'write',
      'workspace:read',
      'workspace_limited',
      'ai_chatbot:full_access',
      'ai_chatbot:limited_access',
      'payroll:read',
      'accounting:basic',
      'accounting:read',
      'journal_entries:read',
      'journal_entries:write',
      'general_ledgers:read',
      'general_ledgers:write',
      'audit_service_access',
      'activity_logs',
    ],
  },
  Viewer: {
    number: 0,
    permissions: [
      'read',
      'ai_chatbot:limited_access',
      'general_ledgers:read',
      'workspace_limited',
      'accounting:basic',
      'accounting:read',
      'journal_entries:read',
      'audit_service_access',
      'activity_logs',
    ],
  },
};

const BASIC = [
  'read',
  'write',
  'workspace_limited',
  'ai_chatbot:limited_access',
  'accounting:basic',
  'accounting:read',
  'journal_entries:read',
  'journal_entries:write',
  'audit_service_access',
  'activity_logs',
];

const SPEC_PLANS: Record<PlanId, string[]> = {
  basic: BASIC,
  professional: [
    ...BASIC,
    'workspace:read',
    'workspace:write',
    'workspace_settings',
    'ai_chatbot:full_access',
    'role_management',
    'import_journal_entries',
    'actions:invite_collaborators',
    'collection_management',
  ],
  enterprise: ALL,
};

const MB = 1024 * 1024;
const SPEC_LIMITS: Record<PlanId, Record<string, number | null>> = {
  basic: {
    workspaces: 1,
    collaborators: 0,
    financial_reports: 5,
    file_upload: 100 * MB,
    document_storage: 50 * MB,
  },
  professional: {
    workspaces: 50,
    collaborators: 10,
    financial_reports: 50,
    file_upload: 1024 * MB,
    document_storage: 500 * MB,
  },
  enterprise: {
    workspaces: null,
    collaborators: null,
    financial_reports: null,
    file_upload: null,
    document_storage: null,
  },
};

const PLAN_IDS: PlanId[] = ['basic', 'professional', 'enterprise'];

/** The catalog's action for a permission (and limit), whatever the generator named it. */
function actionFor(permission: string, limit: string | null = null): string {
  const entry = Object.entries(permissionCatalog.actions).find(
    ([, action]) => action.permission === permission && action.limit === limit,
  );
  if (!entry) throw new Error(`no action for ${permission} with limit ${String(limit)}`);
  return entry[0];
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('the generated catalog matches the spec tables', () => {
  it('lists exactly the spec permission strings', () => {
    expect(sorted(permissionCatalog.permissions)).toEqual(sorted(ALL));
  });

  it.each(Object.entries(SPEC_ROLES))(
    'the %s role grants exactly the spec permissions',
    (name, role) => {
      const found = permissionCatalog.roles.find((r) => r.name === name);
      expect(found?.number).toBe(role.number);
      expect(sorted(found?.permissions ?? [])).toEqual(sorted(role.permissions));
    },
  );

  it.each(PLAN_IDS)('the %s plan grants exactly the spec permissions', (id) => {
    const plan = permissionCatalog.plans.find((p) => p.id === id);
    expect(sorted(plan?.permissions ?? [])).toEqual(sorted(SPEC_PLANS[id]));
  });

  it.each(PLAN_IDS)('the %s plan has the spec limits', (id) => {
    const plan = permissionCatalog.plans.find((p) => p.id === id);
    for (const [key, value] of Object.entries(SPEC_LIMITS[id])) {
      expect(plan?.limits[key] ?? null).toBe(value);
    }
  });

  it('applies Professional when the organization has no plan', () => {
    expect(permissionCatalog.default_plan).toBe('professional');
  });

  it('carries the spec permission messages verbatim', () => {
    expect(permissionCatalog.messages).toMatchObject({
      plan_restriction: 'Insufficient plan permissions to access this feature.',
      role_restriction: 'Insufficient role permissions to access this feature.',
      permission_denied: 'Insufficient plan or role permissions to access this feature.',
      no_workspace_access: "You don't have access to this workspace",
      invalid_check_by: "Invalid checkBy value. Must be 'plan', 'role', or 'both'.",
    });
  });

  it('carries the spec modal titles and texts verbatim', () => {
    expect(permissionCatalog.modals).toEqual({
      plan_restriction: {
        title: 'Plan Restriction',
        text: 'Your current plan does not allow you to perform this action.',
      },
      role_restriction: {
        title: 'Role Restriction',
        text: 'Your role does not allow you to perform this action.',
      },
      permission_denied: {
        title: 'Permission Denied',
        text: 'You do not have the necessary permissions to perform this action.',
      },
      limit_exceeded: {
        title: 'Resource Limit Exceeded',
        text: 'You have reached the limit for {resource}.',
      },
    });
  });
});

describe.each(Object.entries(SPEC_ROLES))('the %s role', (roleName, role) => {
  describe.each(PLAN_IDS)('on the %s plan', (planId) => {
    it.each(ALL)(
      'checking %s by both is allowed only when role and plan both grant it',
      (permission) => {
        const expected =
          role.permissions.includes(permission) && SPEC_PLANS[planId].includes(permission);
        const result = checkPermission(
          { action: permission, checkBy: 'both' },
          { role: role.number, plan: planId },
        );
        expect({ roleName, planId, permission, allowed: result.allowed }).toEqual({
          roleName,
          planId,
          permission,
          allowed: expected,
        });
      },
    );
  });
});

describe('check modes', () => {
  it('a role check ignores the plan', () => {
    // payroll:write: Admin has it, Basic does not.
    const result = checkPermission(
      { action: 'payroll:write', checkBy: 'role' },
      { role: 2, plan: 'basic' },
    );
    expect(result.allowed).toBe(true);
  });

  it('a plan check ignores the role', () => {
    // journal_entries:write: Basic has it, Viewer does not.
    const result = checkPermission(
      { action: 'journal_entries:write', checkBy: 'plan' },
      { role: 0, plan: 'basic' },
    );
    expect(result.allowed).toBe(true);
  });

  it('checkBy defaults to both for a bare permission', () => {
    const result = checkPermission({ action: 'journal_entries:write' }, { role: 0, plan: 'basic' });
    expect(result.allowed).toBe(false);
  });

  it("an action's own mode applies when checkBy is not given", () => {
    // Posting is a role-mode action: Admin may post even where the plan lacks journal_entries:post.
    const result = checkPermission(
      { action: actionFor('journal_entries:post') },
      { role: 2, plan: 'basic' },
    );
    expect(result.allowed).toBe(true);
  });

  it('a plan-only failure is a Plan Restriction with the spec message', () => {
    const result = checkPermission({ action: 'workspace:write' }, { role: 2, plan: 'basic' });
    expect(result).toEqual({
      allowed: false,
      reason: 'plan_restriction',
      message: 'Insufficient plan permissions to access this feature.',
    });
  });

  it('a role-only failure is a Role Restriction with the spec message', () => {
    const result = checkPermission(
      { action: 'journal_entries:write' },
      { role: 0, plan: 'professional' },
    );
    expect(result).toEqual({
      allowed: false,
      reason: 'role_restriction',
      message: 'Insufficient role permissions to access this feature.',
    });
  });

  it('a failure of both plan and role is Permission Denied with the spec message', () => {
    const result = checkPermission({ action: 'workspace:write' }, { role: 0, plan: 'basic' });
    expect(result).toEqual({
      allowed: false,
      reason: 'permission_denied',
      message: 'Insufficient plan or role permissions to access this feature.',
    });
  });

  it.each(['', 'all', 'Plan', 'roles'])("checkBy '%s' throws the spec text", (checkBy) => {
    expect(() =>
      checkPermission({ action: 'read', checkBy }, { role: 2, plan: 'enterprise' }),
    ).toThrow("Invalid checkBy value. Must be 'plan', 'role', or 'both'.");
  });

  it('an action owned-unless a role refuses a non-owner below that role', () => {
    // publish_audit_results: a role that writes, and Admin unless the caller owns it.
    const editor = { role: 1, plan: 'professional' } as const;
    expect(checkPermission({ action: 'publish_audit_results' }, editor)).toEqual({
      allowed: false,
      reason: 'role_restriction',
      message: 'Insufficient role permissions to access this feature.',
    });
    expect(
      checkPermission({ action: 'publish_audit_results', isOwner: true }, editor).allowed,
    ).toBe(true);
    expect(
      checkPermission({ action: 'publish_audit_results' }, { role: 2, plan: 'professional' })
        .allowed,
    ).toBe(true);
  });

  it('owning what is acted on does not lift a missing permission', () => {
    const viewer = { role: 0, plan: 'professional' } as const;
    expect(
      checkPermission({ action: 'publish_audit_results', isOwner: true }, viewer).allowed,
    ).toBe(false);
  });

  it('a user without a membership covering the workspace has no access to it', () => {
    const result = checkPermission({ action: 'read' }, { role: null, plan: 'enterprise' });
    expect(result).toEqual({
      allowed: false,
      reason: 'no_workspace_access',
      message: "You don't have access to this workspace",
    });
  });

  it('an unknown plan falls back to Professional', () => {
    expect(effectivePlan('gold').id).toBe('professional');
    expect(effectivePlan(null).id).toBe('professional');
  });

  it('a plan is recognised by its id or its name', () => {
    expect(effectivePlan('enterprise').id).toBe('enterprise');
    expect(effectivePlan('Basic').id).toBe('basic');
  });
});

describe('limits (spec §5 and §9)', () => {
  const createWorkspace = () => actionFor('workspace:write', 'workspaces');
  const invite = () => actionFor('actions:invite_collaborators', 'collaborators');

  it('an unset limit always allows', () => {
    expect(withinLimit(1_000_000, 1, null)).toBe(true);
    expect(withinLimit(1_000_000, 1, undefined)).toBe(true);
  });

  it('an infinite limit always allows', () => {
    expect(withinLimit(1_000_000, 1, Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('usage plus the increment equal to the limit is allowed', () => {
    expect(withinLimit(9, 1, 10)).toBe(true);
  });

  it('usage plus the increment above the limit is denied', () => {
    expect(withinLimit(10, 1, 10)).toBe(false);
  });

  it('Basic allows a first workspace', () => {
    const result = checkPermission(
      { action: createWorkspace(), checkBy: 'role', currentUsage: 0, increment: 1 },
      { role: 2, plan: 'basic' },
    );
    expect(result.allowed).toBe(true);
  });

  it('Basic denies a second workspace with the limit message', () => {
    const result = checkPermission(
      { action: createWorkspace(), checkBy: 'role', currentUsage: 1, increment: 1 },
      { role: 2, plan: 'basic' },
    );
    expect(result).toMatchObject({
      allowed: false,
      reason: 'limit_exceeded',
      message: 'You have reached the limit for workspaces.',
    });
  });

  it('Basic allows no collaborators', () => {
    const result = checkPermission(
      { action: invite(), checkBy: 'role', currentUsage: 0, increment: 1 },
      { role: 2, plan: 'basic' },
    );
    expect(result).toMatchObject({ allowed: false, reason: 'limit_exceeded' });
  });

  it('Professional allows the tenth collaborator but not the eleventh', () => {
    const ctx = { role: 2, plan: 'professional' as const };
    expect(checkPermission({ action: invite(), currentUsage: 9, increment: 1 }, ctx).allowed).toBe(
      true,
    );
    expect(checkPermission({ action: invite(), currentUsage: 10, increment: 1 }, ctx).allowed).toBe(
      false,
    );
  });

  it('Enterprise has no workspace limit', () => {
    const result = checkPermission(
      { action: createWorkspace(), currentUsage: 10_000, increment: 1 },
      { role: 2, plan: 'enterprise' },
    );
    expect(result.allowed).toBe(true);
  });

  it('Enterprise has no collaborator limit', () => {
    const result = checkPermission(
      { action: invite(), currentUsage: 10_000, increment: 5 },
      { role: 2, plan: 'enterprise' },
    );
    expect(result.allowed).toBe(true);
  });

  it('the increment defaults to 1, so usage equal to the limit is denied', () => {
    const result = checkPermission(
      { action: createWorkspace(), currentUsage: 50 },
      { role: 2, plan: 'professional' },
    );
    expect(result.allowed).toBe(false);
  });

  it('without a current usage no limit is checked', () => {
    const result = checkPermission(
      { action: invite(), checkBy: 'role' },
      { role: 2, plan: 'basic' },
    );
    expect(result.allowed).toBe(true);
  });

  it('a resource given by the caller selects the limit of a bare permission', () => {
    const result = checkPermission(
      { action: 'write', resource: 'financial_reports', currentUsage: 5 },
      { role: 2, plan: 'basic' },
    );
    expect(result).toMatchObject({
      allowed: false,
      message: 'You have reached the limit for financial reports.',
    });
  });
});

describe('membership and modals', () => {
  const memberships = [
    { role: 1, workspaces: ['ws-a', 'ws-b'] },
    { role: 2, workspaces: ['ws-c'] },
  ];

  it('the role is that of the membership covering the active workspace', () => {
    expect(roleInWorkspace(memberships, 'ws-c')).toBe(2);
  });

  it('a workspace no membership covers gives no role', () => {
    expect(roleInWorkspace(memberships, 'ws-z')).toBeNull();
  });

  it('no active workspace gives no role', () => {
    expect(roleInWorkspace(memberships, null)).toBeNull();
  });

  it('in an organization the role is that of its membership, workspaces or not', () => {
    const inOrganizations = [
      { role: 0, organization_id: 'org-a', workspaces: ['ws-a'] },
      { role: 2, organization_id: 'org-b', workspaces: [] },
    ];
    expect(roleInOrganization(inOrganizations, 'org-b')).toBe(2);
    expect(roleInOrganization(inOrganizations, 'org-a')).toBe(0);
    expect(roleInOrganization(inOrganizations, 'org-z')).toBeNull();
    expect(roleInOrganization(inOrganizations, null)).toBeNull();
  });

  it.each([
    ['plan_restriction', 'plan_restriction'],
    ['role_restriction', 'role_restriction'],
    ['limit_exceeded', 'limit_exceeded'],
    ['permission_denied', 'permission_denied'],
    ['no_workspace_access', 'permission_denied'],
  ] as const)('a %s denial shows the %s modal', (reason, kind) => {
    expect(modalKindFor(reason)).toBe(kind);
  });

  it('a catalog of another shape is rejected when it loads', async () => {
    const { permissionCatalogSchema } = await import('./permissions');
    const broken: Partial<PermissionCatalog> = { permissions: [] };
    expect(permissionCatalogSchema.safeParse(broken).success).toBe(false);
  });
});
