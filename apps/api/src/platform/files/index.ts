import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { UploadedFile } from '@portal/domain/files/index';
import { recordAudit } from '../audit/index.ts';
import { AppError } from '../errors/app-error.ts';
import { hasUnstorableText, unstorableTextError } from '../errors/text.ts';
import { downloadName } from './names.ts';
import { refineOle, sniff, type SniffedType } from './sniff.ts';
import { diskStorage, type FileStorage } from './storage.ts';
import type { FileTables } from './tables.ts';

export type StoredFile = Selectable<FileTables['stored_file']>;
export type FileKind = SniffedType['kind'];

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStorage;
  }
}

export function createFileStorage(dataDir: string): FileStorage {
  return diskStorage(path.join(dataDir, 'files'));
}

/** The spec's upload form: IsSecure, formFile, IsBackground, FileType, UserId. */
export interface UploadForm {
  isSecure: boolean;
  isBackground: boolean;
  fileType: string | null;
  fileName: string;
  data: Buffer;
  type: SniffedType;
}

const truthy = (v: unknown) => typeof v === 'string' && ['true', '1', 'on'].includes(v.toLowerCase());
const falsy = (v: unknown) => typeof v === 'string' && ['false', '0', 'off'].includes(v.toLowerCase());

/**
 * Read one multipart upload (field `formFile`), check its size and its type by content.
 * Refusals are 4xx with the project's error body: 413 too large, 415 wrong type, 400 no file.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { kinds: FileKind[]; maxBytes?: number },
): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        file = { name: part.filename, data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', { vars: { max: Math.round(maxBytes / 1024 / 1024) } });
    }
    if (code?.startsWith('FST_')) throw new AppError(400, 'BAD_REQUEST');
    throw err;
  }
  // Names and fields are stored as text: a NUL or broken Unicode is refused like in any JSON field.
  if (file && hasUnstorableText(file.name)) throw unstorableTextError('formFile');
  for (const [name, value] of Object.entries(fields))
    if (hasUnstorableText(name) || hasUnstorableText(value)) throw unstorableTextError(name);
  if (!file || file.data.length === 0) {
    throw new AppError(400, 'FILE_REQUIRED', { details: [{ field: 'formFile', message: 'required' }] });
  }
  const sniffed = sniff(file.data);
  const type = sniffed ? refineOle(sniffed, file.name) : null;
  if (!type || !options.kinds.includes(type.kind)) {
    throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', {
      details: [{ field: 'formFile', message: options.kinds.join(', ') }],
    });
  }
  return {
    // Secure unless the caller says otherwise: a forgotten field must not publish a file to everyone.
    isSecure: !falsy(fields.IsSecure),
    isBackground: truthy(fields.IsBackground),
    fileType: fields.FileType?.slice(0, 100) || null,
    // Keep the user's (Vietnamese) name, minus any path a browser may send.
    fileName: downloadName(path.basename(file.name.replace(/\\/g, '/')).normalize('NFC'), type.ext).slice(-255),
    data: file.data,
    type,
  };
}

/** Store the bytes, then the metadata row (in the caller's transaction when given). */
export async function saveUpload(
  db: Kysely<DB> | Transaction<DB>,
  storage: FileStorage,
  upload: UploadForm,
  owner: { uploadedBy: string | null; businessId?: string | null },
): Promise<StoredFile> {
  const id = randomUUID();
  const key = `${id.slice(0, 2)}/${id}.${upload.type.ext}`;
  await storage.put(key, upload.data);
  try {
    return await db
      .insertInto('stored_file')
      .values({
        id,
        original_name: upload.fileName,
        mime: upload.type.mime,
        ext: upload.type.ext,
        size: upload.data.length,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        storage_key: key,
        is_secure: upload.isSecure,
        file_type: upload.fileType,
        uploaded_by: owner.uploadedBy,
        business_id: owner.businessId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    await storage.remove(key); // no orphan bytes when the row is refused
    throw err;
  }
}

/** RFC 5987: an ASCII fallback plus the exact UTF-8 name, so Vietnamese names survive every browser. */
/**
 * An upload by the signed-in caller, stored and written in the access history in one transaction, answered in
 * the shape every upload call returns.
 */
export async function storeCallerUpload(
  db: Kysely<DB>,
  storage: FileStorage,
  request: FastifyRequest,
  upload: UploadForm,
  subject: string,
): Promise<UploadedFile> {
  const principal = request.principal!;
  const stored = await db.transaction().execute(async (trx) => {
    const file = await saveUpload(trx, storage, upload, {
      uploadedBy: principal.userId,
      businessId: principal.unit.businessId ?? null,
    });
    await recordAudit(trx, request, {
      action: 'upload',
      subject,
      recordId: file.id,
      details: { name: file.original_name, size: Number(file.size), secure: file.is_secure },
    });
    return file;
  });
  return {
    id: stored.id,
    name: stored.original_name,
    size: Number(stored.size),
    type: stored.mime,
    fileType: stored.file_type,
    isSecure: stored.is_secure,
  };
}

/**
 * A domain's upload call: the caller's multipart `formFile` of `kinds`, stored secure or not with the domain's file
 * type, whatever the form says.
 */
export async function storeDomainUpload(
  app: { db: Kysely<DB>; files: FileStorage },
  request: FastifyRequest,
  options: { kinds: readonly FileKind[]; maxBytes: number; isSecure: boolean; fileType: string; subject: string },
): Promise<UploadedFile> {
  const upload = await readUpload(request, { kinds: [...options.kinds], maxBytes: options.maxBytes });
  const { isSecure, fileType } = options;
  return storeCallerUpload(app.db, app.files, request, { ...upload, isSecure, fileType }, options.subject);
}

export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Send a generated PDF as a download: private and never kept (it shows the caller's records). */
export function sendPdf(reply: FastifyReply, pdf: Uint8Array, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileName, 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Stream a stored file. The caller has already decided the user may see it. */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFile,
  disposition: 'attachment' | 'inline' = 'attachment',
): Promise<FastifyReply> {
  const stream = await storage.open(file.storage_key).catch(() => {
    throw new AppError(404, 'NOT_FOUND');
  });
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(downloadName(file.original_name, file.ext), disposition))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.is_secure ? 'private, no-store' : 'private, max-age=3600')
    .send(stream);
}
