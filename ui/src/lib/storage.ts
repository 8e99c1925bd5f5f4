/**
 * The one place that touches browser storage (spec §3: "Persisted in browser storage").
 * Every key the product stores is listed in `STORAGE_KEYS`; nothing else may write to
 * localStorage under its own name.
 */

export const STORAGE_KEYS = {
  token: 'token',
  /** The refresh token of the session (rotated on each refresh). */
  refresh: 'refresh',
  preferredService: 'preferredService',
  wsId: 'wsId',
  activeOrgId: 'activeOrgId',
  activeRole: 'activeRole',
  twoFactor: '2FAData',
  /** The spec leaves this key's name open; the welcome dialog sets it once closed. */
  welcomeShown: 'welcomeShown',
  /**
   * The "Trust this device" tokens of the accounts signed in here, by lower-case e-mail
   * (JSON). A token alone signs nobody in (the password is still asked), and it is kept
   * when the session's storage is cleared: signing out must not forget the device.
   */
  trustedDevices: 'trustedDevices',
} as const;

/**
 * Prefix of the per-grid column layouts (order, widths, sort) the data grids keep: one
 * key per grid, `gridState:<grid id>`. A layout is a preference, not session data.
 */
export const GRID_STATE_PREFIX = 'gridState:';

/**
 * Prefix of the provider a payment was started with, one key per `tx_ref`
 * (`paymentProvider:<tx_ref>`): the provider sends the customer back to
 * /payment-completion, possibly in another tab, and the payment is settled with the same
 * provider. Removed once settled.
 */
export const PAYMENT_PROVIDER_PREFIX = 'paymentProvider:';

/**
 * Prefix of the mark that an invited user's first landing in a workspace happened
 * (`invitedLanding:<workspace id>`): spec §2 sends an invited user to accounting once
 * their workspace loads; afterwards their own choice of service stands.
 */
export const INVITED_LANDING_PREFIX = 'invitedLanding:';

/**
 * Set (in sessionStorage, so a new visit shows it again) once someone on a small screen
 * chose "Continue anyway" on the mobile notice.
 */
export const MOBILE_NOTICE_DISMISSED_KEY = 'mobileNoticeDismissed';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export type Service = 'accounting' | 'audit';

/** What the login response says about the user's second factor (spec §3). */
export type TwoFactorData = {
  is_two_fa_enabled: boolean;
  is_google_authenticator_set: boolean;
};

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as signed out.
    return null;
  }
}

function read(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

function write(key: StorageKey, value: string | null): void {
  const s = store();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

function readTrusted(): Record<string, string> {
  const raw = read(STORAGE_KEYS.trustedDevices);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export function isService(value: unknown): value is Service {
  return value === 'accounting' || value === 'audit';
}

export const storage = {
  getToken: (): string | null => {
    const token = read(STORAGE_KEYS.token);
    return token && token.length > 0 ? token : null;
  },
  setToken: (token: string | null): void => write(STORAGE_KEYS.token, token),

  getRefreshToken: (): string | null => {
    const token = read(STORAGE_KEYS.refresh);
    return token && token.length > 0 ? token : null;
  },
  setRefreshToken: (token: string | null): void => write(STORAGE_KEYS.refresh, token),

  /** Preferred service; `null` when none is chosen yet (spec §3 default "none"). */
  getPreferredService: (): Service | null => {
    const value = read(STORAGE_KEYS.preferredService);
    return isService(value) ? value : null;
  },
  setPreferredService: (service: Service | null): void =>
    write(STORAGE_KEYS.preferredService, service),

  getWorkspaceId: (): string | null => read(STORAGE_KEYS.wsId),
  setWorkspaceId: (id: string | null): void => write(STORAGE_KEYS.wsId, id),

  getActiveOrgId: (): string | null => read(STORAGE_KEYS.activeOrgId),
  setActiveOrgId: (id: string | null): void => write(STORAGE_KEYS.activeOrgId, id),

  /** Active role number (0 Viewer, 1 Editor, 2 Admin); defaults to 0 (spec §3). */
  getActiveRole: (): number => {
    const value = Number.parseInt(read(STORAGE_KEYS.activeRole) ?? '', 10);
    return Number.isInteger(value) ? value : 0;
  },
  setActiveRole: (role: number | null): void =>
    write(STORAGE_KEYS.activeRole, role === null ? null : String(role)),

  getTwoFactor: (): TwoFactorData | null => {
    const raw = read(STORAGE_KEYS.twoFactor);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'is_two_fa_enabled' in parsed &&
        'is_google_authenticator_set' in parsed
      ) {
        return {
          is_two_fa_enabled: Boolean(parsed.is_two_fa_enabled),
          is_google_authenticator_set: Boolean(parsed.is_google_authenticator_set),
        };
      }
      return null;
    } catch {
      return null;
    }
  },
  setTwoFactor: (data: TwoFactorData | null): void =>
    write(STORAGE_KEYS.twoFactor, data === null ? null : JSON.stringify(data)),

  getWelcomeShown: (): boolean => read(STORAGE_KEYS.welcomeShown) === 'true',
  setWelcomeShown: (shown: boolean): void =>
    write(STORAGE_KEYS.welcomeShown, shown ? 'true' : null),

  getMobileNoticeDismissed: (): boolean =>
    sessionStore()?.getItem(MOBILE_NOTICE_DISMISSED_KEY) === 'true',
  setMobileNoticeDismissed: (): void =>
    sessionStore()?.setItem(MOBILE_NOTICE_DISMISSED_KEY, 'true'),

  /** A grid's saved column layout (JSON), or null. */
  getGridState: (gridId: string): string | null =>
    store()?.getItem(`${GRID_STATE_PREFIX}${gridId}`) ?? null,
  setGridState: (gridId: string, state: string): void => {
    store()?.setItem(`${GRID_STATE_PREFIX}${gridId}`, state);
  },

  /** The provider remembered for a payment, or null. */
  getPaymentProvider: (txRef: string): string | null =>
    store()?.getItem(`${PAYMENT_PROVIDER_PREFIX}${txRef}`) ?? null,
  setPaymentProvider: (txRef: string, provider: string | null): void => {
    const s = store();
    if (!s) return;
    if (provider === null) s.removeItem(`${PAYMENT_PROVIDER_PREFIX}${txRef}`);
    else s.setItem(`${PAYMENT_PROVIDER_PREFIX}${txRef}`, provider);
  },

  /** Whether the invited user's first landing in `workspaceId` already happened. */
  getInvitedLandingDone: (workspaceId: string): boolean =>
    store()?.getItem(`${INVITED_LANDING_PREFIX}${workspaceId}`) === 'true',
  setInvitedLandingDone: (workspaceId: string): void => {
    store()?.setItem(`${INVITED_LANDING_PREFIX}${workspaceId}`, 'true');
  },

  /** The device token trusted for `email`'s sign-ins here, or null. */
  getDeviceToken: (email: string): string | null =>
    readTrusted()[email.trim().toLowerCase()] ?? null,
  setDeviceToken: (email: string, token: string | null): void => {
    const trusted = readTrusted();
    const key = email.trim().toLowerCase();
    if (token === null) delete trusted[key];
    else trusted[key] = token;
    write(
      STORAGE_KEYS.trustedDevices,
      Object.keys(trusted).length === 0 ? null : JSON.stringify(trusted),
    );
  },

  /**
   * Spec §8: an invalid token "clears local storage". The trusted-device tokens stay:
   * they belong to the device, not to the session that ended.
   */
  clear: (): void => {
    const trusted = read(STORAGE_KEYS.trustedDevices);
    store()?.clear();
    if (trusted !== null) write(STORAGE_KEYS.trustedDevices, trusted);
  },
};
