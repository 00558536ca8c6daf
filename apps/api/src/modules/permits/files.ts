import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@portal/domain/i18n';
import {
  ATTACHMENT_KINDS,
  MAX_ATTACHMENTS,
  PERMIT_MAX_FILE_MB,
  REQUIREMENTS,
  requirementOf,
  type RequirementFileKind,
} from '@portal/domain/permits/requirements';
import type { PermitFile, RequirementSlot } from '@portal/domain/permits/schemas';
import { AppError } from '../../platform/errors/app-error.ts';
import { readUpload, saveUpload, type StoredFile, type UploadForm } from '../../platform/files/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { PERMIT_SUBJECT } from '@portal/domain/permits/features';
import { actorOf } from './access.ts';
import { findPermit, lockPermit, type PermitRow } from './queries.ts';
import { guard, permitError, type PermitCtx, type Trx } from './service.ts';

/**
 * Files of a request: the checklist of its kind (one slot per document, uploading again replaces it) and other
 * attachments (either side). Files are stored secure: they are served only by download-file-require, after the
 * caller is shown to see the request. Type is decided by content, size per document.
 */

interface FileRow {
  id: string;
  requirement_code: string | null;
  side: 'applicant' | 'reviewer';
  uploaded_at: Date;
  uploaded_by_name: string | null;
  original_name: string;
  mime: string;
  size: number;
}

const toFile = (f: FileRow): PermitFile => ({
  id: f.id,
  requirementCode: f.requirement_code,
  fileName: f.original_name,
  mime: f.mime,
  size: f.size,
  uploadedAt: f.uploaded_at.toISOString(),
  uploadedByName: f.uploaded_by_name,
  side: f.side,
});

async function filesOf(ctx: PermitCtx, permitId: string): Promise<FileRow[]> {
  return ctx.db
    .selectFrom('work_permit_file as f')
    .innerJoin('stored_file as s', 's.id', 'f.file_id')
    .select([
      'f.id',
      'f.requirement_code',
      'f.side',
      'f.uploaded_at',
      'f.uploaded_by_name',
      's.original_name',
      's.mime',
      's.size',
    ])
    .where('f.permit_id', '=', permitId)
    .orderBy('f.uploaded_at')
    .execute();
}

async function visible(ctx: PermitCtx, id: string): Promise<PermitRow> {
  const row = await findPermit(ctx.db, ctx.caller, id, ctx.today);
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

/** list-file-requires: the kind's checklist with the file in each slot. */
export async function requirementSlots(ctx: PermitCtx, permitId: string): Promise<RequirementSlot[]> {
  const row = await visible(ctx, permitId);
  const files = await filesOf(ctx, row.id);
  return REQUIREMENTS[row.kind].map((r) => {
    const file = files.find((f) => f.requirement_code === r.code);
    return {
      code: r.code,
      required: r.required,
      kinds: [...r.kinds],
      maxMb: r.maxMb,
      file: file ? toFile(file) : null,
    };
  });
}

/** list-file-in-worker-license: the other attachments, both sides'. */
export async function attachmentList(ctx: PermitCtx, permitId: string): Promise<PermitFile[]> {
  const row = await visible(ctx, permitId);
  return (await filesOf(ctx, row.id)).filter((f) => f.requirement_code === null).map(toFile);
}

function kindsLabel(ctx: PermitCtx, kinds: readonly RequirementFileKind[]): string {
  return kinds
    .map((k) => translate(ctx.lang, `permits:fileKinds.${k}`))
    .join(translate(ctx.lang, 'permits:fileKinds.or'));
}

/** The platform's upload check, with messages that name the document and what it takes. */
async function readChecked(
  ctx: PermitCtx,
  request: FastifyRequest,
  rule: { kinds: readonly RequirementFileKind[]; maxMb: number; label: string },
): Promise<UploadForm> {
  try {
    return await readUpload(request, { kinds: [...rule.kinds], maxBytes: rule.maxMb * 1024 * 1024 });
  } catch (err) {
    if (err instanceof AppError && err.code === 'FILE_TYPE_NOT_ALLOWED') {
      const vars = { requirement: rule.label, kinds: kindsLabel(ctx, rule.kinds) };
      throw permitError(415, 'FILE_TYPE', vars, [
        { field: 'formFile', code: 'type', message: translate(ctx.lang, 'permits:errors.FILE_TYPE', vars) },
      ]);
    }
    if (err instanceof AppError && err.code === 'FILE_TOO_LARGE') {
      const vars = { requirement: rule.label, max: rule.maxMb };
      throw permitError(413, 'FILE_TOO_LARGE', vars, [
        { field: 'formFile', code: 'size', message: translate(ctx.lang, 'permits:errors.FILE_TOO_LARGE', vars) },
      ]);
    }
    throw err;
  }
}

async function uploaderName(trx: Trx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  return (
    (await trx.selectFrom('app_user').select('full_name').where('id', '=', userId).executeTakeFirst())?.full_name ??
    null
  );
}

/**
 * Store the upload and link it in one transaction; bytes written for a change that then fails are removed, and
 * the bytes a change replaced are removed once it is committed.
 */
async function storeLinked(
  app: FastifyInstance,
  ctx: PermitCtx,
  upload: UploadForm,
  businessId: string,
  change: (trx: Trx, file: StoredFile) => Promise<string[]>,
): Promise<void> {
  let saved: StoredFile | undefined;
  let obsolete: string[];
  try {
    obsolete = await ctx.db.transaction().execute(async (trx) => {
      saved = await saveUpload(
        trx,
        app.files,
        { ...upload, isSecure: true },
        { uploadedBy: ctx.caller.userId, businessId },
      );
      return change(trx, saved);
    });
  } catch (err) {
    if (saved) await app.files.remove(saved.storage_key).catch(() => undefined);
    throw err;
  }
  for (const key of obsolete) await app.files.remove(key).catch(() => undefined);
}

/**
 * update-file-require: upload the document of one checklist slot, replacing the one there. The state is checked
 * before the file is read (nothing is held open while it arrives) and again, under the request's lock, before
 * it is linked.
 */
export async function uploadRequirement(
  app: FastifyInstance,
  ctx: PermitCtx,
  request: FastifyRequest,
  permitId: string,
  code: string,
): Promise<RequirementSlot[]> {
  const row = await visible(ctx, permitId);
  const requirement = requirementOf(row.kind, code);
  if (!requirement)
    throw permitError(400, 'REQUIREMENT_UNKNOWN', {}, [{ field: 'querystring.requirementCode', message: code }]);
  guard(ctx, row, 'edit');
  const label = translate(ctx.lang, `permits:requirements.${code}.label`);
  const upload = await readChecked(ctx, request, { kinds: requirement.kinds, maxMb: requirement.maxMb, label });

  await storeLinked(app, ctx, { ...upload, fileType: `WorkerLicense:${code}` }, row.business_id, async (trx, file) => {
    const locked = await lockPermit(trx, ctx.caller, permitId, ctx.today);
    if (!locked) throw new AppError(404, 'NOT_FOUND');
    guard(ctx, locked, 'edit');
    const previous = await trx
      .selectFrom('work_permit_file as f')
      .innerJoin('stored_file as s', 's.id', 'f.file_id')
      .select(['f.id', 'f.file_id', 's.storage_key'])
      .where('f.permit_id', '=', permitId)
      .where('f.requirement_code', '=', code)
      .executeTakeFirst();
    const by = {
      uploaded_by: ctx.caller.userId,
      uploaded_by_name: await uploaderName(trx, ctx.caller.userId),
      uploaded_at: new Date(),
    };
    if (previous) {
      await trx
        .updateTable('work_permit_file')
        .set({ file_id: file.id, ...by })
        .where('id', '=', previous.id)
        .execute();
      await trx.deleteFrom('stored_file').where('id', '=', previous.file_id).execute();
    } else {
      await trx
        .insertInto('work_permit_file')
        .values({ permit_id: permitId, requirement_code: code, file_id: file.id, side: 'applicant', ...by })
        .execute();
    }
    await recordAudit(trx, ctx.request, {
      action: previous ? 'file_replace' : 'file_upload',
      subject: PERMIT_SUBJECT,
      recordId: permitId,
      details: { requirement: code, file: file.original_name, size: file.size },
    });
    return previous ? [previous.storage_key] : [];
  });
  return requirementSlots(ctx, permitId);
}

/** add-file-to-license: another attachment, by the applicant while it edits or the department while it reviews. */
export async function addAttachment(
  app: FastifyInstance,
  ctx: PermitCtx,
  request: FastifyRequest,
  permitId: string,
): Promise<PermitFile[]> {
  const row = await visible(ctx, permitId);
  const side = actorOf(ctx.caller, row.business_id);
  const action = side === 'reviewer' ? 'attach' : 'edit';
  guard(ctx, row, action);
  const count = async (db: PermitCtx['db'] | Trx) =>
    (
      await db
        .selectFrom('work_permit_file')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('permit_id', '=', permitId)
        .where('requirement_code', 'is', null)
        .executeTakeFirstOrThrow()
    ).n;
  if ((await count(ctx.db)) >= MAX_ATTACHMENTS)
    throw permitError(409, 'TOO_MANY_ATTACHMENTS', { max: MAX_ATTACHMENTS });
  const label = translate(ctx.lang, 'permits:otherAttachments');
  const upload = await readChecked(ctx, request, { kinds: ATTACHMENT_KINDS, maxMb: PERMIT_MAX_FILE_MB, label });

  await storeLinked(
    app,
    ctx,
    { ...upload, fileType: 'WorkerLicense:attachment' },
    row.business_id,
    async (trx, file) => {
      const locked = await lockPermit(trx, ctx.caller, permitId, ctx.today);
      if (!locked) throw new AppError(404, 'NOT_FOUND');
      guard(ctx, locked, action);
      if ((await count(trx)) >= MAX_ATTACHMENTS)
        throw permitError(409, 'TOO_MANY_ATTACHMENTS', { max: MAX_ATTACHMENTS });
      await trx
        .insertInto('work_permit_file')
        .values({
          permit_id: permitId,
          requirement_code: null,
          file_id: file.id,
          side: side === 'reviewer' ? 'reviewer' : 'applicant',
          uploaded_by: ctx.caller.userId,
          uploaded_by_name: await uploaderName(trx, ctx.caller.userId),
        })
        .execute();
      await recordAudit(trx, ctx.request, {
        action: 'file_upload',
        subject: PERMIT_SUBJECT,
        recordId: permitId,
        details: { attachment: true, file: file.original_name, size: file.size },
      });
      return [];
    },
  );
  return attachmentList(ctx, permitId);
}

/**
 * delete-file-require / delete-file-in-license: remove checklist documents or attachments (all or none). Each
 * side removes only what it attached, and only while it may change the request.
 */
export async function deleteFiles(
  app: FastifyInstance,
  ctx: PermitCtx,
  ids: string[],
  which: 'requirement' | 'attachment',
): Promise<number> {
  const obsolete = await ctx.db.transaction().execute(async (trx) => {
    const keys: string[] = [];
    for (const id of ids) {
      const f = await trx
        .selectFrom('work_permit_file as f')
        .innerJoin('stored_file as s', 's.id', 'f.file_id')
        .select([
          'f.id',
          'f.permit_id',
          'f.file_id',
          'f.side',
          'f.requirement_code',
          's.storage_key',
          's.original_name',
        ])
        .where('f.id', '=', id)
        .where('f.requirement_code', which === 'attachment' ? 'is' : 'is not', null)
        .executeTakeFirst();
      if (!f) throw new AppError(404, 'NOT_FOUND');
      const row = await lockPermit(trx, ctx.caller, f.permit_id, ctx.today);
      if (!row) throw new AppError(404, 'NOT_FOUND');
      const actor = actorOf(ctx.caller, row.business_id);
      if (actor && actor !== f.side) throw permitError(403, 'FILE_NOT_YOURS');
      guard(ctx, row, f.side === 'reviewer' ? 'attach' : 'edit');
      await trx.deleteFrom('work_permit_file').where('id', '=', f.id).execute();
      await trx.deleteFrom('stored_file').where('id', '=', f.file_id).execute();
      await recordAudit(trx, ctx.request, {
        action: 'file_delete',
        subject: PERMIT_SUBJECT,
        recordId: f.permit_id,
        details: { requirement: f.requirement_code, file: f.original_name },
      });
      keys.push(f.storage_key);
    }
    return keys;
  });
  for (const key of obsolete) await app.files.remove(key).catch(() => undefined);
  return ids.length;
}

/** download-file-require: a file of a request the caller sees (checklist or attachment). */
export async function fileForDownload(ctx: PermitCtx, fileId: string): Promise<StoredFile> {
  const f = await ctx.db
    .selectFrom('work_permit_file as f')
    .innerJoin('stored_file as s', 's.id', 'f.file_id')
    .selectAll('s')
    .select('f.permit_id')
    .where('f.id', '=', fileId)
    .executeTakeFirst();
  if (!f) throw new AppError(404, 'NOT_FOUND');
  await visible(ctx, f.permit_id);
  const { permit_id: _permit, ...file } = f;
  return file;
}
