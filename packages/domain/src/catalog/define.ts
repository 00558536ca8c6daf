import type {
  AdminUnitField,
  BooleanField,
  CatalogDeclaration,
  DateField,
  EmployerField,
  EnumField,
  FileField,
  LongTextField,
  NumberField,
  ReferenceField,
  TextField,
  TreeReferenceField,
} from './types.ts';

/**
 * Field builders. A field is plain data (kind, options, label key); its zod schema is derived from it on
 * demand (`fieldSchema` in record.ts), so importing the declarations costs the browser nothing until a form or
 * an import needs them. `refine` adds rules of the area's own on top of the derived schema.
 */

interface Common {
  required?: boolean;
  label?: string;
  readOnly?: boolean;
  width?: number;
  writeOnly?: boolean;
  refine?: TextField['refine'];
  check?: TextField['check'];
}

function common(o: Common): Omit<Common, 'required'> & { required: boolean } {
  return {
    required: o.required ?? false,
    ...(o.label ? { label: o.label } : {}),
    ...(o.readOnly ? { readOnly: true } : {}),
    ...(o.width ? { width: o.width } : {}),
    ...(o.writeOnly ? { writeOnly: true } : {}),
    ...(o.refine ? { refine: o.refine } : {}),
    ...(o.check ? { check: o.check } : {}),
  };
}

export const field = {
  text(o: Common & { max?: number; code?: boolean; digits?: number; sample?: TextField['sample'] } = {}): TextField {
    return {
      kind: 'text',
      ...common(o),
      max: o.digits ?? o.max ?? 255,
      ...(o.code ? { code: true } : {}),
      ...(o.digits ? { digits: o.digits } : {}),
      ...(o.sample ? { sample: o.sample } : {}),
    };
  },
  /** The usual record code: required, 50 characters, letters/digits/._-/ only. */
  code(o: Common & { max?: number; sample?: TextField['sample'] } = {}): TextField {
    return field.text({ required: true, max: 50, code: true, width: 16, ...o });
  },
  /** The usual record name: required, 255 characters. */
  name(o: Common & { max?: number } = {}): TextField {
    return field.text({ required: true, max: 255, width: 40, ...o });
  },
  longText(o: Common & { max?: number } = {}): LongTextField {
    return { kind: 'longText', ...common(o), max: o.max ?? 2000 };
  },
  number(
    o: Common & { integer?: boolean; min?: number; max?: number; grouping?: false; phrase?: string } = {},
  ): NumberField {
    return {
      kind: 'number',
      ...common(o),
      integer: o.integer ?? false,
      ...(o.min !== undefined ? { min: o.min } : {}),
      ...(o.max !== undefined ? { max: o.max } : {}),
      ...(o.grouping === false ? { grouping: false as const } : {}),
      ...(o.phrase ? { phrase: o.phrase } : {}),
    };
  },
  /** A calendar year (2000–2100 unless given): a whole number written without thousands separators. */
  year(o: Common & { min?: number; max?: number } = {}): NumberField {
    return field.number({ min: 2000, max: 2100, ...o, integer: true, grouping: false });
  },
  /** A calendar date as 'YYYY-MM-DD' (no time zone can shift it). */
  date(o: Common = {}): DateField {
    return { kind: 'date', ...common(o) };
  },
  enum<const T extends readonly [string, ...string[]]>(
    o: Common & { options: T; optionLabels?: string; default?: T[number] },
  ): EnumField {
    return {
      kind: 'enum',
      ...common(o),
      options: o.options,
      ...(o.optionLabels ? { optionLabels: o.optionLabels } : {}),
      ...(o.default !== undefined ? { default: o.default } : {}),
    };
  },
  /** Absent means "no": a boolean is never null. */
  boolean(o: Omit<Common, 'required'> = {}): BooleanField {
    return { kind: 'boolean', ...common(o), required: false };
  },
  reference(o: Common & Pick<ReferenceField, 'target' | 'filters' | 'dependsOn'>): ReferenceField {
    return {
      kind: 'reference',
      ...common(o),
      target: o.target,
      ...(o.filters ? { filters: o.filters } : {}),
      ...(o.dependsOn ? { dependsOn: o.dependsOn } : {}),
    };
  },
  /** The parent in a tree (the area's own tree unless `target` names another tree area). */
  treeReference(o: Common & { target?: string } = {}): TreeReferenceField {
    return { kind: 'treeReference', ...common(o), ...(o.target ? { target: o.target } : {}) };
  },
  /** An administrative unit id as the reference tables key it: '<generation>:<code>' ('2025:68', '2025:24712'). */
  adminUnit(o: Common & { level: 'province' | 'ward' }): AdminUnitField {
    return { kind: 'adminUnit', ...common(o), level: o.level };
  },
  /** The owning employer of a record in an employer area; declare it as `businessId` (see EmployerField). */
  employer(o: Common = {}): EmployerField {
    return { kind: 'employer', ...common(o), width: o.width ?? 30 };
  },
  /** An uploaded file (its stored file id). */
  file(o: Common & { accept?: string } = {}): FileField {
    return { kind: 'file', ...common(o), ...(o.accept ? { accept: o.accept } : {}) };
  },
};

/**
 * The spelling family several areas of the spec share (ClassifyHealth, DevicesTestedForSafety, ObservationMonitor,
 * MenuObservationMonitor): `get-paging`, `get-by-id/{id}`, `create`, `update`, `delete`.
 */
export const GET_PAGING_PATHS = {
  list: 'get-paging',
  detail: 'get-by-id/{id}',
  create: 'create',
  update: 'update',
  delete: 'delete',
} as const;

/** Identity with type checking: an area file is `export default defineCatalog({ ... })`. */
export function defineCatalog<const T extends CatalogDeclaration>(declaration: T): T {
  return declaration;
}
