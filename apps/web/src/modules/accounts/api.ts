/** Shapes of the identity API's answers (apps/api/src/modules/accounts/routes). */

export interface Page<T> {
  pageLists: T[];
  totalRecord: number;
}

export interface UserListItem {
  id: string;
  userName: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  jobTitle: string | null;
  avatar: string | null;
  status: 'inactive' | 'active' | 'disabled' | 'locked';
  temporarilyLocked: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  twoFactorEnabled: boolean;
  unitId: string;
  unitName: string;
  unitCode: string | null;
  unitKind: string;
  userTypeId: string;
  userTypeName: string;
  userTypeCode: string;
}

export interface UserDetail extends UserListItem {
  gender: 'male' | 'female' | 'other' | null;
  birthday: string | null;
  address: string | null;
  businessId: string | null;
  localUnitCode: string | null;
  mustChangePassword: boolean;
  role: 'admin' | 'client';
  /** The version an edit sends back (the user list and detail of the catalogue engine). */
  updatedAt?: string;
}

export interface UnitItem {
  id: string;
  kind: string;
  code: string | null;
  name: string;
  parentId: string | null;
  parentName: string | null;
  businessId: string | null;
  businessCode: string | null;
  localUnitCode: string | null;
  localUnitName: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  description: string | null;
  userCount: number;
  createdAt: string;
}

export interface MyUnit extends UnitItem {
  business: {
    id: string;
    code: string;
    name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    wardCode: string | null;
    wardName: string | null;
    status: string;
  } | null;
}

export interface UserTypeItem {
  id: string;
  code: string;
  name: string;
  description: string | null;
  role: 'admin' | 'client';
  unitKind: string | null;
  isSystem: boolean;
  permissionCount: number;
  userCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface UserTypeDetail extends UserTypeItem {
  permissions: string[];
}

export interface Feature {
  value: string;
  title: string;
  labelKey: string;
  isSelect: boolean;
  children?: Feature[];
}

export interface HistoryEntry {
  id: number;
  at: string;
  userId: string | null;
  userName: string | null;
  fullName: string | null;
  action: string;
  subject: string | null;
  recordId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: unknown;
}

export interface OutboxMail {
  id: string;
  createdAt: string;
  toAddress: string;
  subject: string;
  purpose: string | null;
  status: 'pending' | 'sent' | 'failed' | 'outbox';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  textBody?: string | null;
  htmlBody?: string | null;
}

/** Query parameters of a paged list (undefined and empty values left out). */
export function listQuery(values: Record<string, string | number | undefined | null>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}
