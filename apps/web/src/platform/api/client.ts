import { apiFetch } from '../../app/api-client.ts';
import type { components, paths } from './schema';

/**
 * Typed calls over the app's JSON client (apiFetch: session, refresh queue, language, ApiError): the path is one
 * of the API's, and the answer, body and path parameters are the types generated from its OpenAPI document
 * (schema.d.ts, `npm run generate:client`). Types only: nothing from the schema reaches the bundle.
 */

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** The API's paths that answer `method`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Success = 200 | 201 | 202 | 204;
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** The JSON answer of a successful call (`undefined` when the route answers no JSON). */
export type ResponseOf<P extends PathOf<M>, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R } ? JsonContent<R[Extract<keyof R, Success>]> : never;

/** The JSON body a route reads (as sent: fields with a default may be left out). */
export type BodyOf<P extends PathOf<M>, M extends Method> =
  NonNullable<Operation<P, M>['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;

/** The query a route reads. */
export type QueryOf<P extends PathOf<M>, M extends Method = 'get'> = NonNullable<
  Operation<P, M>['parameters']['query']
>;

/** A named component of the document (recursive shapes: trees, menus). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type PathParams<P extends PathOf<M>, M extends Method> = NonNullable<Operation<P, M>['parameters']['path']>;

/**
 * Query values as the pages hold them (form and filter state): the route's names, any value; sent as text with
 * empty ones left out, as the API reads them.
 */
type LooseQuery<Q> = [Q] extends [never] ? never : { [K in keyof Q]?: unknown };

type BodyOption<P extends PathOf<M>, M extends Method> = [BodyOf<P, M>] extends [never]
  ? { body?: FormData }
  : undefined extends Operation<P, M>['requestBody']
    ? { body?: BodyOf<P, M> | FormData }
    : { body: BodyOf<P, M> | FormData };

type PathOption<P extends PathOf<M>, M extends Method> = [PathParams<P, M>] extends [never]
  ? { path?: undefined }
  : { path: { [K in keyof PathParams<P, M>]: string | number } };

export type CallOptions<P extends PathOf<M>, M extends Method> = PathOption<P, M> &
  BodyOption<P, M> & {
    query?: LooseQuery<QueryOf<P, M>>;
    signal?: AbortSignal | undefined;
    /** A create sent from a form: its Idempotency-Key. */
    idempotencyKey?: string | undefined;
  };

/** `/a/{id}` with `{ id: 'x y' }` → `/a/x%20y`. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** Query values as the API reads them: text, empty ones (undefined, null, '') left out. */
export function queryText(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

function call(method: Method, template: string, options: Partial<CallOptionsLoose> = {}): Promise<unknown> {
  return apiFetch(fillPath(template, options.path), {
    method: method.toUpperCase(),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.query ? { query: queryText(options.query) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}

interface CallOptionsLoose {
  path: Record<string, string | number>;
  body: unknown;
  query: Record<string, unknown>;
  signal: AbortSignal | undefined;
  idempotencyKey: string | undefined;
}

/** Options are optional only when the route needs neither path parameters nor a body. */
type Args<P extends PathOf<M>, M extends Method> =
  Partial<CallOptions<P, M>> extends CallOptions<P, M> ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

function typed<M extends Method>(method: M) {
  return <P extends PathOf<M>>(path: P, ...[options]: Args<P, M>): Promise<ResponseOf<P, M>> =>
    call(method, path, options as Partial<CallOptionsLoose> | undefined) as Promise<ResponseOf<P, M>>;
}

/** `api.get('/api/Equipment/declarations/{id}', { path: { id } })` answers that route's declared type. */
export const api = {
  get: typed('get'),
  post: typed('post'),
  put: typed('put'),
  delete: typed('delete'),
  patch: typed('patch'),
};
