/**
 * Where the session lives (spec §3–4): user data, the access token and the refresh token in local storage,
 * beside the interface language (kept by the shell). Every read is defensive: storage may be unavailable
 * (private mode) or hold something another version wrote.
 */
export const STORAGE_KEYS = {
  userData: 'userData',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

export interface AbilityRule {
  action: string;
  subject: string;
}

/** What the API answers as `userData` (sign-in and GET Account/info). */
export interface UserData {
  userId: string;
  unitUserId: string;
  role: 'admin' | 'client';
  userName: string;
  fullName: string;
  email: string | null;
  avatar: string | null;
  userTypeId: string;
  userTypeName: string;
  unit: { id: string; kind: string; name: string; businessId: string | null; localUnitCode: string | null };
  ability: AbilityRule[];
  twoFactorEnabled: boolean;
  mustChangePassword: boolean;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the session lasts as long as this page.
  }
}

function isUserData(value: unknown): value is UserData {
  const v = value as Partial<UserData> | null;
  return (
    !!v &&
    typeof v.userId === 'string' &&
    typeof v.unitUserId === 'string' &&
    (v.role === 'admin' || v.role === 'client') &&
    Array.isArray(v.ability)
  );
}

export function readUserData(): UserData | null {
  const raw = read(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readTokens(): { accessToken: string | null; refreshToken: string | null } {
  return { accessToken: read(STORAGE_KEYS.accessToken), refreshToken: read(STORAGE_KEYS.refreshToken) };
}

export function writeTokens(pair: TokenPair): void {
  write(STORAGE_KEYS.accessToken, pair.accessToken);
  write(STORAGE_KEYS.refreshToken, pair.refreshToken);
}

export function writeUserData(userData: UserData): void {
  write(STORAGE_KEYS.userData, JSON.stringify(userData));
}

/** Sign-out: the session's keys go; the language and display settings stay. */
export function clearSessionStorage(): void {
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
}
