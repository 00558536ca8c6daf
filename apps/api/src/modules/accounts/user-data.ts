import { abilityRules } from '@portal/domain/permissions';
import type { Db } from '../../db/database.ts';
import type { UnitKind } from '../../platform/access/index.ts';
import type { UserData } from './schemas.ts';
import { permissionList } from './tables.ts';
import { usersWithUnit } from '../../platform/auth/principal.ts';

/** The avatar's address for the browser (served by the public files route), or null. */
export function avatarUrl(fileId: string | null): string | null {
  return fileId ? `/api/Files/${fileId}` : null;
}

/** What the browser stores after sign-in (spec §3: userId, unitUserId, role) plus the abilities. */
export async function loadUserData(db: Db, userId: string): Promise<UserData | null> {
  const row = await usersWithUnit(db)
    .select([
      'u.id',
      'u.user_name',
      'u.full_name',
      'u.email',
      'u.avatar_file_id',
      'u.totp_enabled',
      'u.must_change_password',
      'un.id as unit_id',
      'un.kind as unit_kind',
      'un.name as unit_name',
      'un.business_id',
      'un.local_unit_code',
      't.id as type_id',
      't.name as type_name',
      't.role',
      't.permissions',
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const role = row.role === 'admin' ? 'admin' : 'client';
  return {
    userId: row.id,
    unitUserId: row.unit_id,
    role,
    userName: row.user_name,
    fullName: row.full_name,
    email: row.email,
    avatar: avatarUrl(row.avatar_file_id),
    userTypeId: row.type_id,
    userTypeName: row.type_name,
    unit: {
      id: row.unit_id,
      kind: row.unit_kind as UnitKind,
      name: row.unit_name,
      businessId: row.business_id,
      localUnitCode: row.local_unit_code,
    },
    ability: abilityRules(role, permissionList(row.permissions)),
    twoFactorEnabled: row.totp_enabled,
    mustChangePassword: row.must_change_password,
  };
}
