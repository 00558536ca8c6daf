import { createRequire } from 'node:module';
import { sql } from 'kysely';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.ts';

/**
 * The contract sweep's machinery: every operation of the OpenAPI document, valid inputs built from its request
 * schema (ids taken from what the lists answered), bad inputs generated with fast-check, the response-schema
 * check with Ajv, and a fingerprint of the data to prove that refused input wrote nothing.
 */

/** A JSON schema as the OpenAPI 3.0 document holds it (only the keywords the builders read). */
export interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI path, e.g. /api/Worker/workers/{id}. */
  path: string;
  area: string;
  permission: string;
  query: Parameter[];
  params: Parameter[];
  body?: Schema;
  multipart: boolean;
  responses: Record<string, Schema | undefined>;
}

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
};

export function operationsOf(app: FastifyInstance): { operations: Operation[]; doc: Doc } {
  const doc = app.swagger() as unknown as Doc;
  const permissions = new Map(app.routePermissions.map((r) => [`${r.method} ${r.url}`, r.permission]));
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        tags?: string[];
        parameters?: Parameter[];
        consumes?: string[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
      };
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, r] of Object.entries(op.responses ?? {}))
        responses[status] = r.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        area: op.tags?.[0] ?? path.split('/')[2] ?? '',
        permission: permissions.get(`${method.toUpperCase()} ${url}`) ?? '',
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        params: (op.parameters ?? []).filter((p) => p.in === 'path'),
        body: op.requestBody?.content['application/json']?.schema,
        multipart: (op.consumes ?? []).includes('multipart/form-data'),
        responses,
      });
    }
  }
  return { operations, doc };
}

// --- the response check ---------------------------------------------------------------------------------------

interface AjvLike {
  addSchema(schema: object, key: string): void;
  compile(
    schema: object,
  ): ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> };
}

/** Ajv 8 as Fastify ships it (the top-level `ajv` is another major version), with the OpenAPI formats. */
function ajv(): AjvLike {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
  const Ajv = fromFastify('ajv') as { default: new (o: object) => AjvLike };
  const addFormats = createRequire(import.meta.url)('ajv-formats') as { default: (a: AjvLike) => void };
  const instance = new Ajv.default({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(instance);
  return instance;
}

export function responseChecker(doc: Doc) {
  const instance = ajv();
  // References point into the document's components.
  instance.addSchema({ components: doc.components ?? {} }, 'doc');
  const cache = new Map<Schema, ReturnType<AjvLike['compile']>>();
  const rewrite = (s: unknown): unknown =>
    JSON.parse(JSON.stringify(s).replace(/"#\/components\//g, '"doc#/components/'), (_key, value: unknown) => {
      // OpenAPI 3.0.3: a nullable enum lists null among its values; the document leaves it implied.
      const node = value as Schema | null;
      if (node && typeof node === 'object' && node.nullable && node.enum && !node.enum.includes(null))
        return { ...node, enum: [...node.enum, null] };
      return value;
    });
  return (schema: Schema, data: unknown): string | null => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = instance.compile(rewrite(schema) as object);
      cache.set(schema, validate);
    }
    if (validate(data)) return null;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
  };
}

// --- valid inputs -----------------------------------------------------------------------------------------------

/** Ids (and codes) seen in list answers: per area and per field name, so `{id}` and `businessId` find real ones. */
export class IdPool {
  private readonly byKey = new Map<string, Set<string>>();

  /** A caller's own pool falls back to what everyone's lists showed. */
  private readonly fallback: IdPool | undefined;
  constructor(fallback?: IdPool) {
    this.fallback = fallback;
  }

  private add(key: string, value: string) {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    if (set.size < 50) set.add(value);
  }

  collect(area: string, data: unknown, depth = 0): void {
    if (depth > 6 || data === null || typeof data !== 'object') return;
    if (Array.isArray(data)) {
      for (const item of data.slice(0, 30)) this.collect(area, item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (typeof value === 'string' && UUID.test(value)) {
        if (key === 'id' || key === 'value') this.add(`${area}:id`, value);
        else this.add(key, value);
        if (key === 'id' && depth <= 2) this.add('id', value);
      } else if (typeof value === 'string' && key === 'code' && value.length < 60) {
        this.add(`${area}:code`, value);
      } else if (typeof value === 'object') this.collect(area, value, depth + 1);
    }
  }

  /** The ids for a parameter or field called `name` in `area`. */
  pick(area: string, name: string): string[] {
    const own = this.pickOwn(area, name);
    return own.length || !this.fallback ? own : this.fallback.pick(area, name);
  }

  private pickOwn(area: string, name: string): string[] {
    const get = (k: string) => [...(this.byKey.get(k) ?? [])];
    if (name === 'id' || name === 'ids') return get(`${area}:id`).length ? get(`${area}:id`) : get('id');
    if (name === 'code') return get(`${area}:code`);
    const own = get(name);
    if (own.length) return own;
    // licenseId, trainingId, …: the record of the area the name speaks of, else this area's.
    const singular = name.replace(/Ids?$/, '').toLowerCase();
    for (const [key, set] of this.byKey)
      if (key.endsWith(':id') && key.toLowerCase().includes(singular) && set.size) return [...set];
    return get(`${area}:id`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LETTERS = [...'abcdeghiklmnopqrstuvxyĐđăâêôơưàáảãạ '];

function stringArbitrary(s: Schema, name: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 1;
  const max = Math.max(min, Math.min(s.maxLength ?? 24, 24));
  if (s.format === 'date')
    return fc
      .date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.format === 'email') return fc.stringMatching(/^[a-z]{3,8}\.[a-z]{2,6}@example\.com$/);
  if (s.format === 'uri') return fc.constant('https://example.com/tai-lieu');
  if (s.format === 'uuid') return fc.uuid({ version: 4 });
  // Dates the document cannot name (a refinement): requestedFrom, validTo, issuedOn, birthDate, …
  if (!s.pattern && /(Date|From|To|On|date)$/.test(name) && (s.maxLength ?? 10) >= 10)
    return fc
      .date({ min: new Date('2025-01-01'), max: new Date('2026-06-30'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (/password/i.test(name)) return fc.constant('Sweep@2026-x');
  if (s.pattern) {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((v) => v.length >= min && v.length <= (s.maxLength ?? 10_000) && re.test(v));
    } catch {
      // A pattern JavaScript cannot read: plain letters below.
    }
  }
  return fc.string({ unit: fc.constantFrom(...LETTERS), minLength: min, maxLength: max }).map((v) => {
    const trimmed = v.trim();
    return trimmed.length >= min ? trimmed : `${trimmed}x`.padEnd(min, 'a');
  });
}

/** A fast-check arbitrary of values the schema accepts; ids come from the pool when it has some. */
export function validArbitrary(s: Schema | undefined, name: string, area: string, pool: IdPool): fc.Arbitrary<unknown> {
  if (!s) return fc.constant(undefined);
  if (s.enum?.length) return fc.constantFrom(...s.enum.filter((v) => v !== null));
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    const usable = variants.filter((v) => v.type !== 'null' && !v.$ref);
    return usable.length ? validArbitrary(usable[0], name, area, pool) : fc.constant(null);
  }
  if (s.allOf?.length) return validArbitrary(s.allOf[0], name, area, pool);
  switch (s.type) {
    case 'string': {
      const ids = s.format === 'uuid' || name === 'code' ? pool.pick(area, name) : [];
      return ids.length ? fc.constantFrom(...ids) : stringArbitrary(s, name);
    }
    case 'integer':
    case 'number': {
      const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
      const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : (s.maximum ?? Math.max(min, 100));
      const lo = Math.max(min, Math.min(max, /year/i.test(name) ? 2025 : min));
      const hi = Math.min(max, lo + 100);
      return fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.max(lo, hi)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = s.minItems ?? 0;
      const itemName = name.replace(/s$/, '');
      const ids = s.items?.format === 'uuid' ? pool.pick(area, /ids$/i.test(name) ? `${itemName}` : name) : [];
      if (ids.length) return fc.constant(ids.slice(0, Math.max(min, 1)));
      return fc.array(validArbitrary(s.items, itemName, area, pool), {
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxItems ?? 2, 2)),
      });
    }
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = validArbitrary(sub, key, area, pool);
      return fc.record(model, { requiredKeys: s.required?.filter((k) => k in props) ?? [] });
    }
    default:
      return fc.constant(s.nullable ? null : 'x');
  }
}

export interface SweepRequest {
  method: Operation['method'];
  url: string;
  /** Path parameters as sent (already encoded). */
  params: Record<string, string>;
  query?: Record<string, string | string[]>;
  payload?: unknown;
  headers?: Record<string, string>;
}

const asQueryValue = (v: unknown): string | string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The operation's URL with these (already encoded) path parameters. */
export function urlOf(op: Operation, params: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x');
}

/** One valid request for `op`: every path parameter and required query parameter, and a body from its schema. */
export function validRequest(op: Operation, pool: IdPool, seed: number): SweepRequest {
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed, numRuns: 1 })[0] as T;
  const params: Record<string, string> = {};
  for (const p of op.params)
    params[p.name] = encodeURIComponent(String(sample(validArbitrary(p.schema, p.name, op.area, pool))));
  const query: Record<string, string | string[]> = {};
  for (const p of op.query) {
    const byName = p.schema.format === 'uuid' || p.schema.items?.format === 'uuid';
    // Required ones always; optional ids too, so filters by employer, course or request are walked.
    // (Not `id`/`ids`: they narrow a drop-down to one record.)
    if (!p.required && !(byName && p.name !== 'id' && p.name !== 'ids' && pool.pick(op.area, p.name).length)) continue;
    const value = sample(validArbitrary(p.schema, p.name, op.area, pool));
    if (value !== undefined) query[p.name] = asQueryValue(value);
  }
  const request: SweepRequest = { method: op.method, url: urlOf(op, params), params, query };
  if (op.body) request.payload = sample(validArbitrary(op.body, '', op.area, pool));
  else if (op.multipart) Object.assign(request, multipart({ FileType: 'applicationForm' }, SMALL_PDF, 'ho-so.pdf'));
  else if (op.method !== 'GET' && op.method !== 'DELETE') request.payload = {};
  return request;
}

// --- multipart -------------------------------------------------------------------------------------------------

export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A multipart/form-data body with the file in `formFile` (the name every upload route reads). */
export function multipart(
  fields: Record<string, string>,
  file: Buffer,
  fileName: string,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----sweep7d91c3';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formFile"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// --- bad inputs ------------------------------------------------------------------------------------------------

export interface BadInput {
  label: string;
  request: SweepRequest;
  /** The route may legitimately take it (an unknown query parameter ignored, a keyword that finds nothing). */
  mayAccept: boolean;
}

const MB = 'x'.repeat(1024 * 1024);
const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

/** Values no schema of this kind accepts (nulls only where the field is not nullable). */
function badValues(s: Schema, inQuery: boolean): fc.Arbitrary<{ label: string; value: unknown }> {
  const text = fc.string({ maxLength: 8 });
  const variants = s.anyOf ?? s.oneOf;
  const nullable = s.nullable || variants?.some((v) => v.type === 'null');
  const base = variants?.find((v) => v.type !== 'null') ?? s;
  const options: Array<fc.Arbitrary<{ label: string; value: unknown }>> = [
    text.map((t) => ({ label: 'NUL inside', value: `${t}\u0000${t}` })),
    text.map((t) => ({ label: 'lone surrogate', value: `${t}\uD800${t}` })),
    text.map((t) => ({ label: 'lone low surrogate', value: `\uDC00${t}` })),
  ];
  const type = base.type;
  if (type === 'string' || base.enum) {
    if (base.maxLength !== undefined || base.format || base.enum || base.pattern)
      options.push(fc.constant({ label: '1 MB string', value: MB }));
    if (base.format === 'date' || base.format === 'date-time')
      options.push(
        fc.constantFrom('2025-02-30', 'a', '2025-13-01', '0000-00-00', '99999-01-01').map((v) => ({
          label: 'impossible date',
          value: v,
        })),
      );
    if (base.format === 'uuid')
      options.push(
        fc.constantFrom('a', '-1', '../etc/passwd', `${'f'.repeat(37)}`).map((v) => ({ label: 'bad id', value: v })),
      );
    if (base.enum) options.push(fc.constant({ label: 'not in the list', value: 'khong-co' }));
  }
  if (type === 'integer' || type === 'number') {
    const huge = ['1e308', '-1e308', '99999999999999999999999', '-99999999999', 'abc', '1.5e', 'Infinity'];
    options.push(
      inQuery
        ? fc.constantFrom(...huge).map((v) => ({ label: 'bad number', value: v }))
        : fc
            .constantFrom<unknown>(1e308, -1e308, 1e23, -99999999999, 'abc', 1.5)
            .filter((v) => !(type === 'number' && v === 1.5))
            .map((v) => ({ label: 'bad number', value: v })),
    );
    if (base.maximum !== undefined)
      options.push(
        fc.constant({ label: 'above maximum', value: inQuery ? String(base.maximum + 1) : base.maximum + 1 }),
      );
    if (base.minimum !== undefined)
      options.push(
        fc.constant({ label: 'below minimum', value: inQuery ? String(base.minimum - 1) : base.minimum - 1 }),
      );
  }
  if (type === 'boolean') options.push(fc.constant({ label: 'not a yes/no', value: inQuery ? 'maybe' : 'true' }));
  if (!inQuery) {
    if (!nullable) options.push(fc.constant({ label: 'null', value: null }));
    if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean')
      options.push(
        fc.constantFrom<unknown>({ a: 1 }, [1, 2], deep(200)).map((v) => ({ label: 'wrong type', value: v })),
      );
    if (type === 'object')
      options.push(fc.constantFrom<unknown>([], 'x', 1, deep(500)).map((v) => ({ label: 'wrong type', value: v })));
    if (type === 'array')
      options.push(fc.constantFrom<unknown>({ a: 1 }, 'x', 7).map((v) => ({ label: 'object for a list', value: v })));
  }
  return fc.oneof(...options);
}

/** Leaves of a JSON body (path from the root) with their schema, to mutate one at a time. */
function slotsOf(s: Schema, at: string[] = [], out: Array<{ path: string[]; schema: Schema }> = []) {
  if (at.length > 3) return out;
  if (s.type === 'object' && s.properties) {
    for (const [k, sub] of Object.entries(s.properties)) slotsOf(sub, [...at, k], out);
  } else if (s.type === 'array' && s.items?.type === 'object' && s.items.properties) {
    out.push({ path: at, schema: s });
    for (const [k, sub] of Object.entries(s.items.properties)) slotsOf(sub, [...at, '0', k], out);
  } else if (at.length) out.push({ path: at, schema: s });
  return out;
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      if (next === null || typeof next !== 'object')
        node[key] = /^\d+$/.test(path[i + 1] ?? '') ? [{}] : ({} as Record<string, unknown>);
      node = node[key] as Record<string, unknown>;
    }
  }
  return copy;
}

const isKeyword = (name: string) => /^(keyword|keyWord|search|q|name|code|text|filter)$/i.test(name);

/**
 * Bad requests for one operation, from its schemas: one slot at a time (a query or path parameter, a field of
 * the body) gets a value its schema refuses, or the body as a whole is of the wrong shape.
 */
export function badInputArbitrary(op: Operation, valid: SweepRequest): fc.Arbitrary<BadInput> {
  const options: Array<fc.Arbitrary<BadInput>> = [];
  const withQuery = (name: string, value: string | string[], label: string, mayAccept = false): BadInput => ({
    label: `query ${name}: ${label}`,
    request: { ...valid, query: { ...valid.query, [name]: value } },
    mayAccept,
  });
  for (const p of op.query) {
    options.push(
      // A lone surrogate cannot cross the wire in a query string (it arrives as U+FFFD): it may be taken.
      badValues(p.schema, true).map(({ label, value }) =>
        withQuery(p.name, asQueryValue(value), label, label.includes('surrogate')),
      ),
    );
    if (isKeyword(p.name) && op.method === 'GET')
      options.push(
        fc.constantFrom('%', '_', '\\', '%_\\', "'; --").map((v) => withQuery(p.name, v, `keyword ${v}`, true)),
      );
    if (/^(pageSize|take|limit)$/i.test(p.name))
      options.push(fc.constant(withQuery(p.name, '100000', 'oversize page', true)));
  }
  if (op.method === 'GET') options.push(fc.constant(withQuery('sweepUnknown', 'x', 'unknown parameter', true)));
  for (const p of op.params) {
    options.push(
      fc.constantFrom('a', '%00', '..%2F..%2Fetc', '-1', 'x'.repeat(600), '%F0%9F%98%80', '%ED%A0%80').map((raw) => ({
        label: `path ${p.name}: ${raw.slice(0, 20)}`,
        request: { ...valid, url: urlOf(op, { ...valid.params, [p.name]: raw }) },
        mayAccept: false,
      })),
    );
  }
  if (op.body) {
    const body = op.body;
    const slots = slotsOf(body);
    for (const slot of slots)
      options.push(
        badValues(slot.schema, false).map(({ label, value }) => ({
          label: `body ${slot.path.join('.')}: ${label}`,
          request: { ...valid, payload: setAt(valid.payload ?? {}, slot.path, value) },
          mayAccept: false,
        })),
      );
    const wrongShapes: Array<[string, string]> = [
      ['array for the object', JSON.stringify([valid.payload])],
      ['a string for the object', '"x"'],
      ['__proto__ key', JSON.stringify(valid.payload ?? {}).replace(/^\{/, '{"__proto__":{"isAdmin":true},')],
      [
        'constructor.prototype key',
        JSON.stringify(valid.payload ?? {}).replace(/^\{/, '{"constructor":{"prototype":{"x":1}},'),
      ],
      ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['broken JSON', '{"a":'],
    ];
    if (body.type === 'array') wrongShapes.splice(0, 1, ['object for the list', '{"a":1}']);
    options.push(
      fc.constantFrom(...wrongShapes).map(([label, raw]) => ({
        label: `body: ${label}`,
        request: { ...valid, payload: raw, headers: { ...valid.headers, 'content-type': 'application/json' } },
        mayAccept: label.includes('key') && !/"__proto__"|"constructor"/.test(raw),
      })),
    );
  }
  if (op.multipart) {
    options.push(
      fc
        .constantFrom<[string, Buffer, string]>(
          ['file name with NUL', SMALL_PDF, 'ho\u0000so.pdf'],
          ['file name with a lone surrogate', SMALL_PDF, 'ho\uD800so.pdf'],
          ['not a document', Buffer.from('MZ\x90\x00 not a document'), 'virus.exe'],
          ['empty file', Buffer.alloc(0), 'rong.pdf'],
        )
        .map(([label, file, name]) => ({
          label: `upload: ${label}`,
          request: { ...valid, ...multipart({ FileType: 'applicationForm\u0000' }, file, name) },
          mayAccept: false,
        })),
      fc.constant({
        label: 'upload: JSON instead of a form',
        request: { ...valid, payload: { formFile: 'x' }, headers: { 'content-type': 'application/json' } },
        mayAccept: false,
      }),
    );
  }
  return options.length ? fc.oneof(...options) : fc.constant({ label: 'no input', request: valid, mayAccept: true });
}

// --- the data fingerprint ----------------------------------------------------------------------------------------

/**
 * Tables that rightly record refused calls (access history, sessions and tokens, sign-in failures); the registry
 * of signed documents, where a read that prints a document (a GET) records what it issued; and the workspace's
 * cache bookkeeping, where a statement that changed no row still moves its table's version (at most one recount,
 * no data).
 */
const RECORDS_FAILURES =
  /^(audit_log|auth_session|refresh_token|account_token|login_.*|kysely_.*|outbox_mail|signed_document|workspace_.*)$/;

/** Row count and an order-free content hash per table (plain SQL that PGlite and PostgreSQL both run). */
export async function fingerprint(database: Database): Promise<Map<string, string>> {
  const db = database.db;
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !RECORDS_FAILURES.test(n));
  const parts = tables.map(
    (t) =>
      sql`select ${t} as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as print from ${sql.table(t)} x`,
  );
  const rows = (await sql<{ name: string; print: string }>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
  return new Map(rows.map((r) => [r.name, r.print]));
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
}
