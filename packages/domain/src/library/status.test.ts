import { describe, expect, it } from 'vitest';
import { legalDocumentStatus } from './index.ts';

describe('legalDocumentStatus', () => {
  const base = { inForceDate: '2020-03-01', expiryDate: null, replacement: null };
  it('derives the status on the day', () => {
    expect(legalDocumentStatus(base, '2020-02-29')).toBe('notYetInForce');
    expect(legalDocumentStatus(base, '2020-03-01')).toBe('inForce');
    expect(legalDocumentStatus({ ...base, expiryDate: '2025-08-07' }, '2025-08-06')).toBe('inForce');
    expect(legalDocumentStatus({ ...base, expiryDate: '2025-08-07' }, '2025-08-07')).toBe('expired');
    expect(legalDocumentStatus({ ...base, inForceDate: null }, '1990-01-01')).toBe('inForce');
  });
  it('is replaced once the replacement is in force', () => {
    const doc = { ...base, replacement: { inForceDate: '2025-08-07' } };
    expect(legalDocumentStatus(doc, '2025-08-06')).toBe('inForce');
    expect(legalDocumentStatus(doc, '2025-08-07')).toBe('replaced');
    expect(legalDocumentStatus({ ...base, replacement: { inForceDate: null } }, '2021-01-01')).toBe('replaced');
  });
});
