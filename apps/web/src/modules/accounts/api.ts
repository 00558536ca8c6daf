import type { ResponseOf, Schema } from '../../platform/api/client.ts';

/** Shapes of the identity API's answers (apps/api/src/modules/accounts/routes). */

export interface Page<T> {
  pageLists: T[];
  totalRecord: number;
}

/**
 * Hand-written: the user list is the catalogue engine's (GET /api/OfficalProfile/users), whose schema declares
 * the catalogue's columns as nullable text and lets the others through untyped.
 */
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

/** The profile; an edit through the catalogue's user form also reads the version (`updatedAt`) it sends back. */
export type UserDetail = ResponseOf<'/api/OfficalProfile/getByUserId/{id}'> &
  Partial<Pick<ResponseOf<'/api/OfficalProfile/users/{id}'>, 'updatedAt'>>;
export type UnitItem = ResponseOf<'/api/Unit/units/{id}'>;
export type MyUnit = ResponseOf<'/api/Unit/my-unit'>;
export type UserTypeItem = ResponseOf<'/api/UserTypev2/get-paging'>['pageLists'][number];
export type UserTypeDetail = ResponseOf<'/api/UserTypev2/get-by-id/{id}'>;
export type Feature = Schema<'FeatureNode'>;
export type HistoryEntry = ResponseOf<'/api/AccessHistory/get-paging'>['pageLists'][number];
export type OutboxMail = ResponseOf<'/api/MailOutbox/get-paging'>['pageLists'][number] &
  Partial<Pick<ResponseOf<'/api/MailOutbox/get-by-id/{id}'>, 'textBody' | 'htmlBody'>>;

/** Query parameters of a paged list (undefined and empty values left out). */
export function listQuery(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}
