import type { UnitKindName } from '../accounts.ts';
import type { z } from 'zod';

/**
 * A catalogue area, declared once (design §3). Everything here is plain data plus zod schemas, so the same
 * declaration drives the API (routes, SQL, Excel, import), the web pages and the contract tests.
 */

export const FIELD_KINDS = [
  'text',
  'longText',
  'number',
  'date',
  'enum',
  'boolean',
  'reference',
  'treeReference',
  'adminUnit',
  'file',
  'employer',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

interface FieldCommon {
  required: boolean;
  /** i18n key of the label; default `catalog:areas.{key}.fields.{name}`, falling back to `catalog:fields.{name}`. */
  label?: string;
  /** Rules of the area's own on top of the schema derived from the kind (see `fieldSchema`). */
  /**
   * `zod` is handed in so a declaration needs only a type import of it: declarations load with the web app's
   * route table, the validation library only with a form or an import.
   */
  refine?: (schema: z.ZodType, zod: typeof z) => z.ZodType;
  /**
   * A rule that reads other fields of the record too (a citizen ID against the birth date and sex): `with` names
   * them, so a form checks the field again when they change. `rule` gets the field's valid value and the record,
   * and answers a message key, or null.
   */
  check?: FieldCheck;
  /** Shown in forms and detail but never written by clients (set by hooks). */
  readOnly?: boolean;
  /** Excel column width in characters. */
  width?: number;
  /**
   * Accepted in create/update bodies and import rows (and so in the template), validated and handed to the hooks,
   * but never stored in a column by the engine, read back or exported: an initial password, which a hook hashes.
   */
  writeOnly?: boolean;
}

/** What a drop-down's `optionParams` entry takes: a record's id, or a date ('YYYY-MM-DD'). */
export type OptionParamKind = 'id' | 'date';

export interface FieldCheck {
  with: readonly string[];
  rule: (value: unknown, record: Readonly<Record<string, unknown>>) => string | null;
  /**
   * The rule judges an empty value (null) too: a field the other fields make required (the country of a worker
   * who works abroad). Otherwise an empty value is left to `required`.
   */
  empty?: boolean;
}

export interface TextField extends FieldCommon {
  kind: 'text';
  max: number;
  /** A code: no spaces, compared case-insensitively, used to resolve references on import. */
  code?: boolean;
  /** Exactly this many decimal digits (a citizen ID has 12): kept as text, so leading zeros survive. */
  digits?: number;
  /**
   * A valid value for generated records (contract tests, examples), when `refine` or a hook constrains the text
   * beyond its kind (a tax code's check digit). Same tag and number, same value.
   */
  sample?: (tag: string, n: number) => string;
}
export interface LongTextField extends FieldCommon {
  kind: 'longText';
  max: number;
}
export interface NumberField extends FieldCommon {
  kind: 'number';
  integer: boolean;
  min?: number;
  max?: number;
  /** false: shown and typed without thousands separators (a year: 2026, never 2.026); amounts are grouped. */
  grouping?: false;
  /** i18n key of a phrase showing the value in lists and details, with `{{count}}` ("Filed 3 days late"). */
  phrase?: string;
}
export interface DateField extends FieldCommon {
  kind: 'date';
}
export interface EnumField extends FieldCommon {
  kind: 'enum';
  options: readonly string[];
  /** i18n key prefix of option labels; default `catalog:areas.{key}.options.{name}`. */
  optionLabels?: string;
  /**
   * The value an empty one means (one of `options`), as absent means "no" for a boolean: the field is never null,
   * a new record's form starts on it, and a blank cell or a body without the field stores it.
   */
  default?: string;
}
export interface BooleanField extends FieldCommon {
  kind: 'boolean';
}
export interface ReferenceField extends FieldCommon {
  kind: 'reference';
  /** `key` of the referenced catalogue area. */
  target: string;
  /**
   * Values of the target's declared filters its options are limited to (a lighting task among the standards:
   * `factor: 'light'`); a list allows any of its values. The pickers offer only what the server accepts.
   */
  filters?: Readonly<Record<string, string | readonly string[]>>;
  /**
   * Options that depend on other fields of the same record: a parameter of the target's drop-down (one of its
   * `filters` or `optionParams`) → the field of this area whose current value it gets (the inspectors accredited
   * for the machine on the inspection date: `{ equipmentId: 'equipmentId', on: 'inspectionDate' }`). A form asks
   * again when those fields change and clears a choice that no longer fits; an empty field limits nothing (the
   * server still judges the record when it is saved).
   */
  dependsOn?: Readonly<Record<string, string>>;
}
export interface TreeReferenceField extends FieldCommon {
  kind: 'treeReference';
  /** `key` of a tree area; the declaring area itself when absent (its parent). */
  target?: string;
}
export interface AdminUnitField extends FieldCommon {
  kind: 'adminUnit';
  /**
   * Value is an administrative unit id ('2025:68'): a province, or a ward/commune (a district for records
   * dated before the 1 July 2025 reorganisation).
   */
  level: 'province' | 'ward';
}
export interface FileField extends FieldCommon {
  kind: 'file';
  accept?: string;
}

/**
 * The employer (`Bussiness`) a record belongs to, in an area owned per employer: declared as `businessId`, it lets
 * the department and district users file the record for an employer they choose (within their scope), while an
 * employer user always writes for its own. Imported as the employer's tax code (or name).
 */
export interface EmployerField extends FieldCommon {
  kind: 'employer';
}

export type FieldDef =
  | TextField
  | LongTextField
  | NumberField
  | DateField
  | EnumField
  | BooleanField
  | ReferenceField
  | TreeReferenceField
  | AdminUnitField
  | FileField
  | EmployerField;

/**
 * Who owns a record: `global` (one list for the province), `employer` (each employer its own; the department's
 * rows have no employer), `district` (each local unit its own, held in the area's admin-unit field `scopeField`),
 * `self` (the records are the employers themselves: an employer user sees and edits its own row, a district user
 * the rows located in its local unit — the optional admin-unit field `scopeField` — the department all),
 * `unit` (each record belongs to an organisational unit — the reference field `scopeField` to the units — and is
 * seen through it: an employer user sees its employer's units' records, a district user those of the units in
 * its local unit, a training body its own unit's, the department all; without `scopeField` the records are the
 * units themselves).
 */
export type OwnershipScope = 'global' | 'employer' | 'district' | 'self' | 'unit';

/** A combobox route: a spelling, optionally with fixed filter values (e.g. district units only). */
export type ComboboxPath = string | { path: string; fixed: Record<string, string> };

/** The spec's spellings under `/api/{area}/`. Missing ones follow design §4 defaults (see `resolvePaths`). */
export interface CatalogPaths {
  /** GET paged list. */
  list: string;
  /** GET one record; `{id}` marks the id. */
  detail: string;
  /** POST create. */
  create: string;
  /** PUT update; without `{id}` the id comes from the body. */
  update: string;
  /** POST soft delete (body: ids). */
  delete: string;
  /** Extra query parameter some areas send the id in (Position: `positionId`). */
  deleteIdParam?: string;
  combobox: ComboboxPath[];
  import: string;
  template: string;
  export: string;
  /** unique key or exist check name → path (existCode, existName); keys may share a path (code or email). */
  exist: Record<string, string>;
  /** Extra spelling for permanent delete under `/api/RecycleBin/` (GroupUser). */
  purge?: string;
  /** GET one live record by its code (`codeField`, case-insensitive); `{code}` marks the code (TargetTraining). */
  byCode?: string;
  treeRoot: string;
  treeChildren: string;
  treeFromUpdate: string;
}

/** Web routes (the spec's Vietnamese slugs), relative to `base`; `{id}` marks the id. `false`: no page. */
export interface CatalogRoutes {
  base: string;
  list: string;
  create: string | false;
  edit: string | false;
  detail: string | false;
  import: string | false;
  /** Extra paths that show the same pages (legacy spellings: `/User-Group/List`). */
  aliases?: { list?: string; create?: string; edit?: string; import?: string };
  /**
   * Pages the area's domain module draws itself at these paths (its entries in the route table): no generic page
   * is made for them. The employers' list, for instance, adds the registry sync and the employer's sectors.
   */
  own?: readonly ('list' | 'create' | 'edit' | 'detail' | 'import')[];
}

/** A page variant over the same area with fixed filter values (department-level vs district-level units). */
export interface CatalogView {
  key: string;
  routes: Partial<CatalogRoutes> & { base: string };
  fixed: Record<string, string>;
  /** `false`: the page has no side-menu entry of its own (reached from a sibling view's page). */
  menu?: { order: number } | false;
}

export interface CatalogDeclaration {
  /** Internal name and locale key (camelCase): `injuryReason`. */
  key: string;
  /** API area as the spec spells it: `InjuryReason`, `BussinessType`; unique, it also names the area in the trash bin. */
  area: string;
  /**
   * The `/api/{mount}/…` segment the routes are served under when it is not `area`: a sub-resource the spec serves
   * under its parent's area (the noise readings of `ObservationMonitor`: `get-paging-noise`, `create-noise`, …).
   * Areas sharing a mount must spell their paths apart (checked at start-up).
   */
  mount?: string;
  /** Permission subject; defaults to `area`. */
  subject?: string;
  /** The spec's plural path: `injuryReasons`. */
  plural: string;
  table: string;
  tree?: boolean;
  scope: OwnershipScope;
  /**
   * district scope: the adminUnit field holding the owning local unit; self scope: where the record is located;
   * unit scope: the reference field holding the owning unit (none: the records are the units).
   */
  scopeField?: string;
  /**
   * The table is created by a numbered migration (other modules own its first columns): the sync adds this
   * declaration's columns and indexes after the migrations have run, never from inside one.
   */
  existingTable?: boolean;
  /**
   * A table another module owns and keeps (units, user types), declared only so that areas can refer to it:
   * references resolve, show and import through its title and code. No routes, pages, schema sync, trash bin,
   * permission node or menu entry. `softDelete: false` when the table has no `deleted_at` (every row is live).
   */
  lookup?: { softDelete: boolean };
  /**
   * false: the area's domain module already contributes its subject's node to the permission tree (users:
   * `User`), so the engine adds none.
   */
  permissionNode?: false;
  fields: Record<string, FieldDef>;
  /** Field shown as a record's name (combobox label, trash, references). */
  titleField: string;
  /** Field holding the record's code (references on import, upsert key). */
  codeField?: string;
  /**
   * How drop-downs order the records: by title (default), or by code where the code is the official numbering the
   * records are read in (accident causes NN01…, injury factors YT01…, as the statistics forms list them).
   */
  optionOrder?: 'title' | 'code';
  /**
   * Parameters its drop-downs take beyond the filters, for pickers whose options depend on the referencing record
   * (`dependsOn`): name → the kind of value (a record id, a date). The module owning the rule turns them into
   * conditions (its catalogue hook's `optionConditions`), the same rule its checks refuse a record by.
   */
  optionParams?: Readonly<Record<string, OptionParamKind>>;
  /** unique key name → fields; each gets an exist check (`code` → existCode). */
  unique?: Record<string, readonly string[]>;
  /**
   * Unique keys of an employer area that hold across employers (a person's citizen ID: one record per person in
   * the province). A value another employer holds is a conflict, on create and on import; never an update.
   */
  globalUnique?: readonly string[];
  /**
   * Users of these unit kinds pick among every live record in drop-downs (id, title and code only), beyond their
   * scope: a training body names the employer a course is for, though it sees no employer's records.
   */
  pickableBy?: readonly UnitKindName[];
  /**
   * Unique keys hold among deleted records too (a user name names one account, ever): a value in the trash bin is
   * taken, so a restore never clashes.
   */
  uniqueIncludesDeleted?: boolean;
  /**
   * Exist checks on values that may repeat (an employer's email in registry data): key name → fields. The value
   * is looked up like a unique key's (`paths.exist` names the route) but never refused on save.
   */
  existChecks?: Record<string, readonly string[]>;
  /**
   * i18n prefix of the area's texts (title, noun, views, fields, options), so a domain keeps them in its own
   * namespace: `workers:areas.worker`. Default `catalog:areas.{key}`.
   */
  texts?: string;
  list: {
    columns: readonly string[];
    defaultSort: { field: string; order: 'asc' | 'desc' };
    /**
     * Count exactly only up to this many matching records: beyond, the list answers the database's estimate
     * (`totalKind: 'estimate'`), so a list of a million rows (the province's workers) costs what its page costs,
     * not a read of every match.
     */
    countLimit?: number;
  };
  filters?: readonly string[];
  search: readonly string[];
  /** Excel columns (template, export, import), in order; default: every writable field. */
  excel?: readonly string[];
  /**
   * Read-only facts an export adds after the Excel columns (an account's status): for reading, never imported
   * (an import of the file ignores them, as it ignores every read-only field).
   */
  exportOnly?: readonly string[];
  /** Fields an import may preset for every row through the query string (`?type=District`). */
  importPresets?: readonly string[];
  /**
   * Indexes the area's domain queries need beyond the engine's own (an overview that reads only the exceeding
   * readings of some reports): name → the fields indexed, over the live rows whose enum fields hold the `where`
   * values.
   */
  indexes?: Record<string, { fields: readonly string[]; where?: Record<string, string> }>;
  paths?: Partial<CatalogPaths>;
  routes?: Partial<CatalogRoutes> & { base: string };
  views?: readonly CatalogView[];
  /** Side-menu group (see `CATALOG_MENU_GROUPS`) and order; `false`: no menu entry. */
  menu: { group: string; order: number; icon?: string } | false;
}
