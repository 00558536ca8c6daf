import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'kysely';
import { permits } from '../../../platform/access/index.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { saveUpload, type UploadForm } from '../../../platform/files/index.ts';
import { sniff } from '../../../platform/files/sniff.ts';
import { AppError, forbidden } from '../../../platform/errors/app-error.ts';
import { accountError } from '../errors.ts';
import { email, idParams, optionalText, phone } from '../schemas.ts';
import { avatarUrl } from '../user-data.ts';
import { canAssignType, getUser } from '../users.ts';
import { isUuid } from '@portal/domain/ids';

/**
 * OfficalProfile calls of one's own account and account information: getByUserId, my-profile, uploadAvatar. The
 * user list, detail, create, edit, delete, combobox, template, export and import are the catalogue engine's
 * (the `user` area; this module's hooks in users.ts).
 */
const status = z.enum(['inactive', 'active', 'disabled', 'locked']);
const detail = z.object({
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

const users: FastifyPluginAsyncZod = async (app) => {
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
};

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
  if (userId !== null && !isUuid(userId)) {
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
