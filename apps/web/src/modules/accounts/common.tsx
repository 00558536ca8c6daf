import { useQuery } from '@tanstack/react-query';
import { formatDateTime as sharedDateTime } from '@portal/domain/format';
import { useTranslation } from 'react-i18next';
import { Select, Tag } from 'antd';
import type { SelectProps } from 'antd';
import { apiFetch } from '../../app/api-client.ts';
import { useConfiguration } from '../../app/configuration.ts';
import { errorText, safeRedirect } from './sign-in.ts';

export { errorText, safeRedirect };

/** Pieces shared by the identity pages: texts, server errors on forms, tags, pick lists, downloads. */

/** Lower-case, accents and đ folded: "xuan huong" finds "Xuân Hương". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

/** Search in a Select by label, ignoring accents and case. */
export const accentFreeSearch = {
  filterOption: (input: string, option?: { label?: unknown }) =>
    fold(String(option?.label ?? '')).includes(fold(input.trim())),
};

export function useAccountsText() {
  return useTranslation('accounts');
}

/** The server's field errors beside the fields (the one form behaviour). */
export { showServerErrors as applyServerErrors } from '../../platform/form/index.ts';

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  inactive: 'default',
  disabled: 'red',
  locked: 'orange',
};

export function StatusTag({ status, temporarilyLocked }: { status: string; temporarilyLocked?: boolean }) {
  const { t } = useAccountsText();
  return (
    <>
      <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`status.${status}`)}</Tag>
      {temporarilyLocked && <Tag color="volcano">{t('users.temporarilyLocked')}</Tag>}
    </>
  );
}

export const UNIT_KIND_OPTIONS = ['department', 'district', 'employer', 'service_centre', 'training_body'] as const;

export function useUnitKindOptions(kinds: readonly string[] = UNIT_KIND_OPTIONS) {
  const { t } = useAccountsText();
  return kinds.map((k) => ({ value: k, label: t(`unitKinds.${k}`) }));
}

interface Combo {
  value: string;
  label: string;
}

/** Units in the caller's scope (searchable). */
export function UnitSelect(props: SelectProps<string> & { kind?: string }) {
  const { kind, ...rest } = props;
  const { data, isLoading } = useQuery({
    queryKey: ['accounts', 'unit-combobox', kind ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<Array<Combo & { kind: string; code: string | null }>>('/api/Unit/combobox', {
        signal,
        ...(kind ? { query: { kind } } : {}),
      }),
    staleTime: 60_000,
  });
  return (
    <Select
      showSearch={accentFreeSearch}
      loading={isLoading}
      options={data?.map((u) => ({ value: u.value, label: u.code ? `${u.label} (${u.code})` : u.label }))}
      {...rest}
    />
  );
}

/** User types the caller may assign, optionally for one kind of unit. */
export function UserTypeSelect(props: SelectProps<string> & { unitKind?: string | undefined }) {
  const { unitKind, ...rest } = props;
  const { data, isLoading } = useQuery({
    queryKey: ['accounts', 'user-type-combobox', unitKind ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<Array<Combo & { code: string; unitKind: string | null }>>('/api/UserTypev2/combobox', {
        signal,
        ...(unitKind ? { query: { unitKind } } : {}),
      }),
    staleTime: 60_000,
  });
  return (
    <Select
      showSearch={accentFreeSearch}
      loading={isLoading}
      options={data?.map((x) => ({ value: x.value, label: x.label }))}
      {...rest}
    />
  );
}

interface AdminUnit {
  id: string;
  code: string;
  name: string;
  fullName: string;
}

/**
 * A local unit of the portal's province: communes/wards (since 1 July 2025) or districts (before), as the
 * configuration says; `level: 'ward'` always lists wards (an employer's address).
 */
export function LocalUnitSelect(
  props: SelectProps<string> & { level?: 'ward' | 'district'; provinceCode?: string | null },
) {
  const { level, provinceCode, ...rest } = props;
  const config = useConfiguration();
  const province = provinceCode ?? config?.provinceCode ?? null;
  const effective = level ?? config?.localUnitLevel ?? 'ward';
  const { data, isLoading } = useQuery({
    queryKey: ['accounts', 'local-units', province, effective],
    enabled: !!province,
    queryFn: ({ signal }) =>
      apiFetch<AdminUnit[]>(`/api/OfficalProfile/${effective === 'ward' ? 'wards' : 'districts'}/${province}`, {
        signal,
        ...(effective === 'district' ? { query: { generation: 'legacy' } } : {}),
      }),
    staleTime: 24 * 3600_000,
  });
  return (
    <Select
      showSearch={accentFreeSearch}
      loading={isLoading}
      disabled={!province || props.disabled}
      options={data?.map((u) => ({ value: u.id, label: u.fullName }))}
      {...rest}
    />
  );
}

/** Provinces (registration without a configured province). */
export function ProvinceSelect(props: SelectProps<string>) {
  const { data, isLoading } = useQuery({
    queryKey: ['accounts', 'provinces'],
    queryFn: ({ signal }) => apiFetch<AdminUnit[]>('/api/OfficalProfile/provinces', { signal }),
    staleTime: 24 * 3600_000,
  });
  return (
    <Select
      showSearch={accentFreeSearch}
      loading={isLoading}
      options={data?.map((p) => ({ value: p.code, label: p.fullName }))}
      {...props}
    />
  );
}

export function saveBlob(file: { blob: Blob; fileName: string | null }, fallback: string): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.fileName ?? fallback;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** DD/MM/YYYY HH:mm in both languages (the shared formatter; the language is kept for the callers). */
export function formatDateTime(value: string | null | undefined, _lang?: string): string {
  return value ? sharedDateTime(value) : '—';
}
