import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '../access/index.ts';
import { errorResponses, idParams } from '../http/route-schemas.ts';

/**
 * The routes that move a workflow's record, declared as a list: each is `POST {area}/{path}/:id` (or the id in the body) with its body and
 * permission, runs the domain's move, and answers the record as it now is (the detail the caller may see). One
 * registrar for every workflow, so a move route is one entry, not forty lines copied from the last domain.
 */
export interface MoveRoute<Ctx, B extends z.ZodType = z.ZodUndefined> {
  /** The spec's path segment ('submit-declaration'). */
  path: string;
  permission: Permission;
  summary: string;
  /** Absent: the move reads no body (as the spec publishes some moves). */
  body?: B;
  /** Where the record's id is: the path (`/:id`, the default) or the body's `id` (spec paths without one). */
  idIn?: 'path' | 'body';
  run(ctx: Ctx, id: string, body: z.output<B>): Promise<unknown>;
}

export interface MoveRoutes<Ctx, D extends z.ZodType> {
  /** '/api/Equipment'. */
  area: string;
  tags: string[];
  ctx(request: FastifyRequest): Ctx;
  /** The record's detail answer, read after the move in the caller's view. */
  detail: { schema: D; read(ctx: Ctx, id: string): Promise<z.input<D>> };
  /**
   * True (the default): a refused body is attached for the plugin's preHandler to explain in the domain's words
   * (`explainValidation`). False: the platform's error handler answers it, as for the plugin's other routes.
   */
  attachValidation?: boolean;
}

/** A move route's entry, typed by its own body (a list of them keeps each body's type). */
export const move = <Ctx, B extends z.ZodType = z.ZodUndefined>(route: MoveRoute<Ctx, B>): MoveRoute<Ctx, B> => route;

export function registerMoveRoutes<Ctx, D extends z.ZodType>(
  app: FastifyInstance,
  common: MoveRoutes<Ctx, D>,
  // Each entry keeps its own body type through `move()`; the list itself is heterogeneous.
  routes: readonly MoveRoute<Ctx, z.ZodType>[],
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Widened once: the serializer checks the answer against the detail schema whatever its type.
  const response = { 200: common.detail.schema as z.ZodType, ...errorResponses };
  for (const route of routes) {
    const inBody = route.idIn === 'body';
    typed.post(
      `${common.area}/${route.path}${inBody ? '' : '/:id'}`,
      {
        config: { permission: route.permission },
        attachValidation: common.attachValidation ?? true,
        schema: {
          tags: common.tags,
          summary: route.summary,
          ...(inBody ? {} : { params: idParams }),
          ...(route.body ? { body: route.body } : {}),
          response,
        },
      },
      async (request) => {
        const c = common.ctx(request);
        const id = inBody ? (request.body as { id: string }).id : (request.params as { id: string }).id;
        await route.run(c, id, request.body);
        return common.detail.read(c, id);
      },
    );
  }
}

/**
 * The reading and filing routes of a workflow's record, the same in every domain: its list (a page in the caller's
 * scope), its detail (`GET {area}/{path}/:id`), the create (`POST`, 201 with the detail; statutory creates take an
 * `Idempotency-Key`) and the update (`PUT {area}/{path}/:id`, answering the detail). Each part is optional.
 */
export interface RecordRoutes<Ctx, Q extends z.ZodType, P extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  list?: {
    path: string;
    permission: Permission;
    summary: string;
    query: Q;
    page: P;
    run(ctx: Ctx, query: z.output<Q>): Promise<z.input<P>>;
  };
  detail?: { path: string; permission: Permission; summary: string };
  create?: CreateRoute<Ctx, C>;
  update?: {
    path: string;
    permission: Permission;
    summary: string;
    body: U;
    run(ctx: Ctx, id: string, body: z.output<U>): Promise<unknown>;
  };
}

export function registerRecordRoutes<
  Ctx,
  D extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, common: MoveRoutes<Ctx, D>, routes: RecordRoutes<Ctx, Q, P, C, U>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const attachValidation = common.attachValidation ?? true;
  const detail = common.detail.schema as z.ZodType;
  const url = (path: string) => `${common.area}/${path}`;
  const { list, detail: one, create, update } = routes;
  if (list)
    typed.get(
      url(list.path),
      {
        config: { permission: list.permission },
        attachValidation,
        schema: {
          tags: common.tags,
          summary: list.summary,
          querystring: list.query as z.ZodType,
          response: { 200: list.page as z.ZodType, ...errorResponses },
        },
      },
      async (request) => list.run(common.ctx(request), request.query as z.output<Q>),
    );
  if (one)
    typed.get(
      `${url(one.path)}/:id`,
      {
        config: { permission: one.permission },
        attachValidation,
        schema: {
          tags: common.tags,
          summary: one.summary,
          params: idParams,
          response: { 200: detail, ...errorResponses },
        },
      },
      async (request) => common.detail.read(common.ctx(request), request.params.id),
    );
  if (create)
    typed.post(
      url(create.path),
      {
        config: { permission: create.permission, ...(create.idempotent ? { idempotent: true } : {}) },
        attachValidation,
        schema: {
          tags: common.tags,
          summary: create.summary,
          body: create.body as z.ZodType,
          response: { 201: detail, ...errorResponses },
        },
      },
      async (request, reply) => {
        const c = common.ctx(request);
        const id = await create.run(c, request.body as z.output<C>);
        return reply.status(201).send(await common.detail.read(c, id));
      },
    );
  if (update)
    typed.put(
      `${url(update.path)}/:id`,
      {
        config: { permission: update.permission },
        attachValidation,
        schema: {
          tags: common.tags,
          summary: update.summary,
          params: idParams,
          body: update.body as z.ZodType,
          response: { 200: detail, ...errorResponses },
        },
      },
      async (request) => {
        const c = common.ctx(request);
        await update.run(c, request.params.id, request.body as z.output<U>);
        return common.detail.read(c, request.params.id);
      },
    );
}

/** A create route of a record with several kinds of filing (a permit, its extension, its renewal …). */
export interface CreateRoute<Ctx, B extends z.ZodType> {
  path: string;
  permission: Permission;
  summary: string;
  body: B;
  /** A statutory record: a repeated `Idempotency-Key` answers the first result. */
  idempotent?: boolean;
  run(ctx: Ctx, body: z.output<B>): Promise<string>;
}

/** A create route's entry, typed by its own body. */
export const filing = <Ctx, B extends z.ZodType>(route: CreateRoute<Ctx, B>): CreateRoute<Ctx, B> => route;

/** Each filing is `POST {area}/{path}` answering 201 with the new record's detail. */
export function registerCreateRoutes<Ctx, D extends z.ZodType>(
  app: FastifyInstance,
  common: MoveRoutes<Ctx, D>,
  routes: readonly CreateRoute<Ctx, z.ZodType>[],
): void {
  for (const create of routes) registerRecordRoutes(app, common, { create });
}
