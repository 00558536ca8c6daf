import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'kysely';
import { translate } from '@portal/domain/i18n';
import { USER_EXPORT_EXTRA, USER_SHEET_COLUMNS } from '@portal/domain/accounts';
import { matchesKeyword } from '../../../db/search.ts';
import { permits } from '../../../platform/access/index.ts';
import { scopeCondition } from '../../../platform/access/scope.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { saveUpload, type UploadForm } from '../../../platform/files/index.ts';
import { sniff } from '../../../platform/files/sniff.ts';
import { AppError, forbidden } from '../../../platform/errors/app-error.ts';
import { userScope } from '../account-helpers.ts';
import { accountError } from '../errors.ts';
import { sendWorkbook, templateWorkbook, XLSX_MIME, type SheetColumn } from '../excel.ts';
import {
  comboboxItem,
  email,
  idParams,
  idsBody,
  optionalText,
  pagingQuery,
  phone,
  userName,
  uuid,
} from '../schemas.ts';
import { avatarUrl } from '../user-data.ts';
import {
  allUsers,
  canAssignType,
  createUserAccount,
  deleteUserAccounts,
  getUser,
  importUsers,
  listUsers,
  restoreUserAccounts,
  updateUserAccount,
  USER_SORTS,
  type UserListItem,
} from '../users.ts';
import { contentDisposition } from '../../../platform/files/index.ts';

/**
 * OfficalProfile (spec spelling): the user list, detail, create, edit, delete, combobox, avatar upload,
 * template, export and import. Thin handlers over users.ts.
 */
const status = z.enum(['inactive', 'active', 'disabled', 'locked']);
const filters = z.object({
  unitId: uuid.optional(),
  userTypeId: uuid.optional(),
  status: status.optional(),
  unitKind: z.enum(['department', 'district', 'employer', 'service_centre', 'training_body']).optional(),
  deleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
const listQuery = pagingQuery
  .extend(filters.shape)
  .extend({ sortBy: z.enum(USER_SORTS as [string, ...string[]]).optional() });

const listItem = z.object({
  id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  avatar: z.string().nullable(),
  status,
  temporarilyLocked: z.boolean(),
  lastLoginAt: z.date().nullable(),
  createdAt: z.date(),
  twoFactorEnabled: z.boolean(),
  unitId: z.string(),
  unitName: z.string(),
  unitCode: z.string().nullable(),
  unitKind: z.string(),
  userTypeId: z.string(),
  userTypeName: z.string(),
  userTypeCode: z.string(),
});
const detail = listItem.extend({
  gender: z.enum(['male', 'female', 'other']).nullable(),
  birthday: z.string().nullable(),
  address: z.string().nullable(),
  businessId: z.string().nullable(),
  localUnitCode: z.string().nullable(),
  mustChangePassword: z.boolean(),
  role: z.enum(['admin', 'client']),
});

const profileFields = {
  fullName: z.string().trim().min(2).max(150),
  email: email.nullish().transform((v) => v ?? null),
  phone: phone.nullish().transform((v) => v ?? null),
  gender: z
    .enum(['male', 'female', 'other'])
    .nullish()
    .transform((v) => v ?? null),
  birthday: z.iso
    .date()
    .nullish()
    .transform((v) => v ?? null),
  address: optionalText(500),
  jobTitle: optionalText(150),
};
const userBody = z.object({ ...profileFields, unitId: uuid, userTypeId: uuid });
const createBody = userBody.extend({
  userName,
  password: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});

const importRow = z.record(z.string(), z.unknown());

const users: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/OfficalProfile/users',
    {
      config: { permission: 'User.read' },
      schema: {
        tags: ['users'],
        summary: 'Users in the caller’s scope (paged; accent-insensitive search on name, user name, email, phone)',
        querystring: listQuery,
        response: { 200: z.object({ pageLists: z.array(listItem), totalRecord: z.number() }) },
      },
    },
    async (request) => listUsers(app.db, request.principal, request.query as Parameters<typeof listUsers>[2]),
  );

  app.get(
    '/api/OfficalProfile/users/:id',
    {
      config: { permission: 'User.read' },
      schema: { tags: ['users'], summary: 'One user', params: idParams, response: { 200: detail } },
    },
    async (request) => getUser(app.db, request.principal, request.params.id),
  );

  app.get(
    '/api/OfficalProfile/getByUserId/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Account information: one’s own, or another user’s with User.read',
        params: idParams,
        response: { 200: detail },
      },
    },
    async (request) => {
      const principal = request.principal!;
      // One's own record is always within one's own scope.
      if (request.params.id === principal.userId) return getUser(app.db, principal, request.params.id);
      if (!permits(principal, 'User.read')) throw forbidden();
      return getUser(app.db, principal, request.params.id);
    },
  );

  app.post(
    '/api/OfficalProfile/users',
    {
      config: { permission: 'User.create' },
      schema: {
        tags: ['users'],
        summary: 'Create a user (with a password: active; without: an invitation is mailed)',
        body: createBody,
        response: { 201: detail },
      },
    },
    async (request, reply) => {
      const id = await createUserAccount(app, request, request.body);
      return reply.status(201).send(await getUser(app.db, request.principal, id));
    },
  );

  app.put(
    '/api/OfficalProfile/users/:id',
    {
      config: { permission: 'User.update' },
      schema: { tags: ['users'], summary: 'Edit a user', params: idParams, body: userBody, response: { 200: detail } },
    },
    async (request) => {
      await updateUserAccount(app, request, request.params.id, request.body);
      return getUser(app.db, request.principal, request.params.id);
    },
  );

  app.put(
    '/api/OfficalProfile/my-profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Edit one’s own profile (name, contact details)',
        body: z.object(profileFields),
        response: { 200: detail },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const b = request.body;
      if (b.email) {
        const taken = await app.db
          .selectFrom('app_user')
          .select('id')
          .where(sql`lower(email)`, '=', b.email)
          .where('id', '<>', principal.userId)
          .executeTakeFirst();
        if (taken) throw accountError(409, 'EMAIL_TAKEN', { details: [{ field: 'email', message: 'taken' }] });
      }
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            full_name: b.fullName,
            email: b.email,
            phone: b.phone,
            gender: b.gender,
            birthday: b.birthday,
            address: b.address,
            job_title: b.jobTitle,
            updated_at: new Date(),
          })
          .where('id', '=', principal.userId)
          .execute();
        await recordAudit(trx, request, {
          action: 'update',
          subject: 'User',
          recordId: principal.userId,
          details: { own: true },
        });
      });
      return getUser(app.db, principal, principal.userId);
    },
  );

  app.post(
    '/api/OfficalProfile/delete-users',
    {
      config: { permission: 'User.delete' },
      schema: {
        tags: ['users'],
        summary: 'Delete users (body: list of ids); their sessions end',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => ({ deleted: await deleteUserAccounts(app, request, request.body) }),
  );

  app.post(
    '/api/OfficalProfile/restore-users',
    {
      config: { permission: 'User.delete' },
      schema: {
        tags: ['users'],
        summary: 'Restore deleted users (body: list of ids); they can sign in again',
        body: idsBody,
        response: { 200: z.object({ restored: z.number() }) },
      },
    },
    async (request) => ({ restored: await restoreUserAccounts(app, request, request.body) }),
  );

  for (const url of ['/api/OfficalProfile/combobox', '/api/OfficalProfile/get-combobox-offical-profile']) {
    app.get(
      url,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags: ['users'],
          summary: 'Users in the caller’s scope for a pick list (first 50 matches)',
          querystring: z.object({
            keyWord: z.string().trim().max(100).optional(),
            unitId: uuid.optional(),
            ids: z.string().max(4000).optional(),
          }),
          response: { 200: z.array(comboboxItem.extend({ userName: z.string(), unitName: z.string() })) },
        },
      },
      async (request) => {
        let q = app.db
          .selectFrom('app_user as u')
          .innerJoin('unit as un', 'un.id', 'u.unit_id')
          .select(['u.id', 'u.full_name', 'u.user_name', 'un.name as unit_name'])
          .where('u.deleted_at', 'is', null)
          .where('u.status', '=', 'active');
        const scope = userScope(request.principal);
        if (scope) q = q.where(scope);
        if (request.query.unitId) q = q.where('u.unit_id', '=', request.query.unitId);
        // `ids` (JSON text, spec): users always listed whatever the keyword, e.g. a form's current value.
        const ids = parseIds(request.query.ids);
        const keyWord = request.query.keyWord;
        if (keyWord && ids.length)
          q = q.where((eb) => eb.or([matchesKeyword(['u.full_name', 'u.user_name'], keyWord), eb('u.id', 'in', ids)]));
        else if (keyWord) q = q.where(matchesKeyword(['u.full_name', 'u.user_name'], keyWord));
        const rows = await q
          .orderBy(sql`f_unaccent(u.full_name)`)
          .limit(50)
          .execute();
        return rows.map((r) => ({ value: r.id, label: r.full_name, userName: r.user_name, unitName: r.unit_name }));
      },
    );
  }

  app.post(
    '/api/OfficalProfile/uploadAvatar',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Upload an avatar (multipart: formFile, UserId): one’s own, or another user’s with User.update',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatar: z.string() }) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const { upload, userId: given } = await readAvatarForm(request);
      const userId = given ?? principal.userId;
      if (userId !== principal.userId) {
        if (!permits(principal, 'User.update')) throw forbidden();
        const user = await getUser(app.db, principal, userId);
        const type = await app.db
          .selectFrom('user_type')
          .select(['role', 'permissions'])
          .where('id', '=', user.userTypeId)
          .executeTakeFirstOrThrow();
        if (!canAssignType(principal, type)) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
      }
      const file = await saveUpload(
        app.db,
        app.files,
        { ...upload, isSecure: false },
        { uploadedBy: principal.userId },
      );
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ avatar_file_id: file.id, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        await recordAudit(trx, request, {
          action: 'update',
          subject: 'User',
          recordId: userId,
          details: { avatar: file.id },
        });
      });
      return { avatar: avatarUrl(file.id)! };
    },
  );

  // ── Spreadsheets ───────────────────────────────────────────────────────────────────────────────────────
  const fileName = (lang: 'vi' | 'en', key: string) => `${translate(lang, `accounts:users.excel.${key}`)}.xlsx`;

  app.get(
    '/api/OfficalProfile/generateTemplate',
    {
      config: { permission: 'User.import' },
      schema: {
        tags: ['users'],
        summary: 'The user import template (xlsx) with drop-downs of units and user types in scope',
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const principal = request.principal!;
      const unitScope = scopeCondition(principal, {
        unitColumn: 'id',
        businessColumn: 'business_id',
        localUnitColumn: 'local_unit_code',
      });
      let unitQuery = app.db
        .selectFrom('unit')
        .select(['code', 'name'])
        .where('deleted_at', 'is', null)
        .where('code', 'is not', null);
      if (unitScope) unitQuery = unitQuery.where(unitScope);
      const units = await unitQuery.orderBy('name').limit(2000).execute();
      const types = (
        await app.db.selectFrom('user_type').select(['code', 'name', 'role', 'permissions']).orderBy('name').execute()
      ).filter((t) => canAssignType(principal, t));
      const t = (key: string) => translate(lang, key);
      const unitList = t('accounts:users.excel.unitList');
      const typeList = t('accounts:users.excel.userTypeList');
      const columns: Array<SheetColumn<never>> = USER_SHEET_COLUMNS.map((c) => ({
        header: t(c.labelKey),
        width: c.width,
        required: c.required,
        ...(c.key === 'unitCode' ? { list: unitList } : c.key === 'userTypeCode' ? { list: typeList } : {}),
      }));
      const buffer = await templateWorkbook(
        t('accounts:users.excel.sheet'),
        columns,
        [
          {
            name: unitList,
            headers: [t('accounts:users.fields.unitCode'), t('accounts:users.fields.unit')],
            rows: units.map((u) => [u.code!, u.name]),
          },
          {
            name: typeList,
            headers: [t('accounts:users.fields.userTypeCode'), t('accounts:users.fields.userType')],
            rows: types.map((x) => [x.code, x.name]),
          },
        ],
        {
          title: t('accounts:users.excel.instructionsTitle'),
          lines: (translate(lang, 'accounts:users.excel.instructions') as string).split('\n'),
        },
      );
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(fileName(lang, 'templateFile')))
        .header('cache-control', 'no-store')
        .send(buffer);
    },
  );

  app.get(
    '/api/OfficalProfile/export-excel',
    {
      config: { permission: 'User.export' },
      schema: {
        tags: ['users'],
        summary: 'Export the users matching the filters (xlsx, streamed)',
        querystring: filters.extend({ keyWord: z.string().trim().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const t = (key: string) => translate(lang, key);
      const statusText = (s: string) => t(`accounts:status.${s}`);
      const columns: Array<SheetColumn<UserListItem>> = [
        ...USER_SHEET_COLUMNS.filter((c) => c.key !== 'password').map((c) => ({
          header: t(c.labelKey),
          width: c.width,
          value: (u: UserListItem) =>
            c.key === 'unitCode'
              ? u.unitCode
              : c.key === 'userTypeCode'
                ? u.userTypeCode
                : (u[c.key as keyof UserListItem] as string | null),
        })),
        ...USER_EXPORT_EXTRA.map((c) => ({
          header: t(c.labelKey),
          width: c.width,
          value: (u: UserListItem) =>
            c.key === 'status' ? statusText(u.status) : c.key === 'lastLoginAt' ? u.lastLoginAt : u[c.key],
        })),
      ];
      await recordAudit(app.db, request, { action: 'export', subject: 'User', details: { filters: request.query } });
      return sendWorkbook(
        reply,
        fileName(lang, 'exportFile'),
        t('accounts:users.excel.sheet'),
        columns,
        allUsers(app.db, request.principal, request.query),
      );
    },
  );

  app.post(
    '/api/OfficalProfile/import-user-from-json',
    {
      config: { permission: 'User.import' },
      schema: {
        tags: ['users'],
        summary: 'Import users from spreadsheet rows (JSON); ?dryRun=true only validates',
        querystring: z.object({ dryRun: z.enum(['true', 'false', '1', '0']).optional() }),
        body: z.array(importRow).min(1).max(5000),
        response: {
          200: z.object({
            data: z.array(z.record(z.string(), z.unknown())),
            created: z.number(),
            updated: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const dryRun = request.query.dryRun === 'true' || request.query.dryRun === '1';
      return importUsers(app, request, request.body, dryRun);
    },
  );
};

function parseIds(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v));
  } catch {
    return [];
  }
}

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The avatar form (spec upload form: formFile, UserId, …): one image, checked by content, at most 2 MB.
 * Read here rather than through readUpload because the form's UserId says whose avatar it is.
 */
async function readAvatarForm(request: FastifyRequest): Promise<{ upload: UploadForm; userId: string | null }> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  let userId: string | null = null;
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          continue;
        }
        file = { name: part.filename, data: await part.toBuffer() };
      } else if (part.fieldname === 'UserId' && typeof part.value === 'string' && part.value) {
        userId = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', { vars: { max: 2 } });
    if (code?.startsWith('FST_')) throw new AppError(400, 'BAD_REQUEST');
    throw err;
  }
  if (userId !== null && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) {
    throw new AppError(400, 'VALIDATION', { details: [{ field: 'UserId', message: 'uuid' }] });
  }
  if (!file || file.data.length === 0)
    throw new AppError(400, 'FILE_REQUIRED', { details: [{ field: 'formFile', message: 'required' }] });
  const type = sniff(file.data);
  if (!type || type.kind !== 'image') {
    throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', { details: [{ field: 'formFile', message: 'image' }] });
  }
  return {
    userId,
    upload: {
      isSecure: false,
      isBackground: false,
      fileType: 'avatar',
      fileName: `avatar.${type.ext}`,
      data: file.data,
      type,
    },
  };
}

export default users;
