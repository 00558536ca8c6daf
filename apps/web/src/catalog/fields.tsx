import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { displayKeyOf, validateField, type FieldDef, type ResolvedCatalog } from '@portal/domain/catalog/index';
import { apiFetch } from '../app/api-client.ts';
import { useConfiguration } from '../app/configuration.ts';
import { catalogApi, type CatalogRecord, type TreeNode } from './api.ts';
import { FileInput } from './FileField.tsx';
import { choiceNoLongerFits, dependentParams } from './dependent-options.ts';
import { catalogByKey } from './registry.ts';
import { numberFieldInput } from '../platform/form/numbers.ts';
import { fold, type CatalogText } from './text.ts';

/** Form widgets by field kind, and the Form.Item wiring (labels, client rules from the same zod schema). */

/** The catalogue area of employers (`Bussiness`): what an employer field refers to. */
export const EMPLOYER_AREA = 'bussiness';

export function useDebounced<T>(value: T, ms = 300): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

interface ValueProps<T> {
  value?: T | null;
  onChange?: (value: T | null) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** A record of another area, searched on the server (accent-free), its current value always shown. */
export function ReferenceSelect({
  target,
  value,
  onChange,
  placeholder,
  disabled,
  id,
  filters,
  params,
}: ValueProps<string> & {
  target: ResolvedCatalog;
  filters?: Record<string, unknown>;
  /** The values of the fields it depends on (`dependsOn`): asked with them, a choice they exclude is cleared. */
  params?: Record<string, string>;
}) {
  const [keyWord, setKeyWord] = useState('');
  const search = useDebounced(keyWord);
  const api = useMemo(() => catalogApi(target), [target]);
  const options = useQuery({
    queryKey: ['catalog', target.key, 'combobox', search, value ?? null, filters ?? {}, params ?? {}],
    queryFn: ({ signal }) =>
      api.combobox({ keyWord: search, ids: value ? [value] : [], ...filters, ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const paramsKey = JSON.stringify(params ?? {});
  const [openedWith] = useState(paramsKey);
  useEffect(() => {
    const current = options.isSuccess && !options.isPlaceholderData;
    const dependenciesChanged = paramsKey !== openedWith;
    if (choiceNoLongerFits({ value, options: options.data, current, dependenciesChanged })) onChange?.(null);
  }, [value, options.data, options.isSuccess, options.isPlaceholderData, paramsKey, openedWith, onChange]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyWord }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      loading={options.isFetching}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={(options.data ?? []).map((o) => ({
        value: o.value,
        label: o.code ? `${o.code} - ${o.label}` : o.label,
      }))}
      style={{ width: '100%' }}
      aria-label={id ? undefined : placeholder}
    />
  );
}

interface SimpleNode {
  id: string;
  pId: string | null;
  value: string;
  title: string;
  isLeaf: boolean;
  disabled?: boolean;
}

function flatten(nodes: TreeNode[], parentField: string, titleField: string, out: SimpleNode[] = []): SimpleNode[] {
  for (const n of nodes) {
    out.push({
      id: n.id,
      pId: (n[parentField] as string | null) ?? null,
      value: n.id,
      title: String(n[titleField] ?? ''),
      isLeaf: !n.hasChildren,
    });
    if (n.children) flatten(n.children, parentField, titleField, out);
  }
  return out;
}

/** A node of a tree area: levels load as they open; search asks the server; `exclude` and its subtree are off. */
export function TreeReferenceSelect({
  target,
  value,
  onChange,
  placeholder,
  disabled,
  id,
  exclude,
}: ValueProps<string> & { target: ResolvedCatalog; exclude?: string }) {
  const api = useMemo(() => catalogApi(target), [target]);
  const pf = target.parentField!;
  const title = target.declaration.titleField;
  const [nodes, setNodes] = useState<SimpleNode[]>([]);
  const [keyWord, setKeyWord] = useState('');
  const search = useDebounced(keyWord);
  useEffect(() => {
    let cancelled = false;
    const load = search ? api.treeRoots(search) : value ? api.treeFromUpdate(value) : api.treeRoots();
    load.then((tree) => !cancelled && setNodes(flatten(tree, pf, title))).catch(() => !cancelled && setNodes([]));
    return () => {
      cancelled = true;
    };
    // The tree opened at the current value once; later value changes come from this widget itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, search]);
  const withDisabled = useMemo(() => {
    if (!exclude) return nodes;
    const parent = new Map(nodes.map((n) => [n.id, n.pId]));
    const banned = (nodeId: string) => {
      for (let at: string | null | undefined = nodeId; at; at = parent.get(at)) if (at === exclude) return true;
      return false;
    };
    return nodes.map((n) => (banned(n.id) ? { ...n, disabled: true } : n));
  }, [nodes, exclude]);
  return (
    <TreeSelect
      id={id}
      treeDataSimpleMode
      treeData={withDisabled}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      showSearch={{ onSearch: setKeyWord, filterTreeNode: false }}
      treeDefaultExpandAll={Boolean(search)}
      loadData={async (node) => {
        const nodeId = String(node.value);
        if (nodes.some((n) => n.pId === nodeId)) return;
        const children = await api.treeChildren(nodeId);
        setNodes((prev) => [...prev, ...flatten(children, pf, title).filter((c) => !prev.some((p) => p.id === c.id))]);
      }}
      style={{ width: '100%' }}
      aria-label={id ? undefined : placeholder}
    />
  );
}

interface AdminUnit {
  id: string;
  fullName: string;
}

/** A province, or a ward/commune of the portal's province (a provincial portal files under its own wards). */
export function AdminUnitSelect({
  level,
  value,
  onChange,
  placeholder,
  disabled,
  id,
}: ValueProps<string> & { level: 'province' | 'ward' }) {
  const config = useConfiguration();
  const province = config?.provinceCode;
  const units = useQuery({
    queryKey: ['admin-units', level, province ?? null],
    queryFn: ({ signal }) =>
      apiFetch<AdminUnit[]>(
        level === 'province' ? '/api/OfficalProfile/provinces' : `/api/OfficalProfile/wards/${province}`,
        { signal },
      ),
    enabled: level === 'province' || Boolean(province),
    staleTime: Infinity,
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: (input, option) => fold(String(option?.label ?? '')).includes(fold(input)) }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      loading={units.isLoading}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={(units.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
      style={{ width: '100%' }}
      aria-label={id ? undefined : placeholder}
    />
  );
}

/** The input of one field in a create/edit form. */
export function FieldWidget({
  catalog,
  name,
  text,
  recordId,
  record,
  value,
  onChange,
  id,
  params,
}: {
  catalog: ResolvedCatalog;
  name: string;
  text: CatalogText;
  recordId?: string | null;
  /** The record being edited (display names of its references and files). */
  record?: CatalogRecord | null;
  /** A reference's dependent values (`dependsOn`), from the other fields of the form. */
  params?: Record<string, string>;
} & ValueProps<unknown>) {
  const f = catalog.declaration.fields[name]!;
  const placeholder =
    f.kind === 'enum' ||
    f.kind === 'reference' ||
    f.kind === 'treeReference' ||
    f.kind === 'adminUnit' ||
    f.kind === 'employer'
      ? text.t('catalog:form.selectPlaceholder')
      : undefined;
  const common = { id, placeholder, disabled: f.readOnly ?? false };
  switch (f.kind) {
    case 'text':
      return (
        <Input
          {...common}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={f.max}
        />
      );
    case 'longText':
      return (
        <Input.TextArea
          {...common}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={f.max}
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...common}
          value={(value as number | null) ?? null}
          onChange={(v) => onChange?.(v)}
          {...numberFieldInput(f, text.lang)}
          style={{ width: '100%' }}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          format="DD/MM/YYYY"
          value={value ? dayjs(String(value), 'YYYY-MM-DD') : null}
          onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
          style={{ width: '100%' }}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          allowClear={!f.required && f.default === undefined}
          value={(value as string | null) ?? undefined}
          onChange={(v: string | undefined) => onChange?.(v ?? null)}
          options={f.options.map((o) => ({ value: o, label: text.option(name, o) }))}
          style={{ width: '100%' }}
        />
      );
    case 'boolean':
      return <Switch id={id} disabled={common.disabled} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'reference':
      return (
        <ReferenceSelect
          {...common}
          target={catalogByKey(f.target)}
          value={value as string | null}
          onChange={onChange}
          {...(f.filters ? { filters: f.filters } : {})}
          {...(params ? { params } : {})}
        />
      );
    case 'treeReference':
      return (
        <TreeReferenceSelect
          {...common}
          target={f.target ? catalogByKey(f.target) : catalog}
          value={value as string | null}
          onChange={onChange}
          {...(recordId && name === catalog.parentField ? { exclude: recordId } : {})}
        />
      );
    case 'adminUnit':
      return <AdminUnitSelect {...common} level={f.level} value={value as string | null} onChange={onChange} />;
    case 'employer':
      // The employers area's own drop-down (search by name or tax code); an employer user's own is forced by the server.
      return (
        <ReferenceSelect
          {...common}
          target={catalogByKey(EMPLOYER_AREA)}
          value={value as string | null}
          onChange={onChange}
        />
      );
    case 'file': {
      const shown = record?.[displayKeyOf(name)];
      return (
        <FileInput
          id={id}
          disabled={common.disabled}
          value={value as string | null}
          onChange={onChange}
          {...(f.accept ? { accept: f.accept } : {})}
          currentName={record && record[name] === value && typeof shown === 'string' ? shown : null}
        />
      );
    }
  }
}

/** Form.Item props of a field: label, required marker and the declaration's own rules, in the user's language. */
export function fieldRules(catalog: ResolvedCatalog, name: string, text: CatalogText): Rule[] {
  return [
    // The whole form's values too: a field's rule may read other fields (a citizen ID against the birth date).
    ({ getFieldsValue }) => ({
      validator: async (_rule, value: unknown) => {
        const message = validateField(
          catalog.declaration,
          name,
          value,
          text.tr,
          getFieldsValue(true) as Record<string, unknown>,
        );
        if (message) throw new Error(message);
      },
    }),
  ];
}

export function FieldItem({
  catalog,
  name,
  text,
  recordId,
  record,
  hidden,
}: {
  catalog: ResolvedCatalog;
  name: string;
  text: CatalogText;
  recordId?: string | null;
  record?: CatalogRecord | null;
  hidden?: boolean;
}): ReactNode {
  const f: FieldDef = catalog.declaration.fields[name]!;
  const item = (params?: Record<string, string>) => (
    <Form.Item
      name={name}
      label={text.label(name)}
      required={f.required}
      rules={fieldRules(catalog, name, text)}
      {...(f.check ? { dependencies: [...f.check.with] } : {})}
      hidden={hidden}
      validateDebounce={200}
    >
      <FieldWidget
        catalog={catalog}
        name={name}
        text={text}
        recordId={recordId ?? null}
        record={record ?? null}
        {...(params ? { params } : {})}
      />
    </Form.Item>
  );
  if (f.kind !== 'reference' || !f.dependsOn) return item();
  // A picker whose options depend on other fields: drawn again with their values whenever one changes.
  const dependsOn = f.dependsOn;
  const sources = [...new Set(Object.values(dependsOn))];
  return (
    <Form.Item noStyle dependencies={sources}>
      {({ getFieldValue }) =>
        item(dependentParams(dependsOn, Object.fromEntries(sources.map((s) => [s, getFieldValue(s) as unknown]))))
      }
    </Form.Item>
  );
}

/** Short fields share a row on an office screen; long text takes the whole width. */
export const wideKinds = new Set<FieldDef['kind']>(['longText']);
