import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What happened: sign-in events and data changes. Subjects are permission subjects (e.g. 'Position'). */
export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'purge'
  | 'import'
  | 'export'
  | (string & {});

export interface AuditEntry {
  action: AuditAction;
  subject?: string | null;
  recordId?: string | null;
  details?: Record<string, unknown> | null;
  /** Overrides for events without a signed-in principal (a failed sign-in names the attempted user). */
  userId?: string | null;
  userName?: string | null;
}

/**
 * Append to the access history. Call it inside the same transaction as the change it records,
 * so a rolled-back change leaves no trace and a committed one always does.
 */
export async function recordAudit(
  db: Kysely<DB> | Transaction<DB>,
  request: FastifyRequest | null,
  entry: AuditEntry,
): Promise<void> {
  const principal = request?.principal ?? null;
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId ?? principal?.userId ?? null,
      user_name: entry.userName ?? principal?.userName ?? null,
      action: entry.action,
      subject: entry.subject ?? null,
      record_id: entry.recordId ?? null,
      ip: request?.ip ?? null,
      user_agent: (request?.headers['user-agent'] ?? '').slice(0, 500) || null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
