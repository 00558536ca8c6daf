import { describe, expect, it } from 'vitest';
import { signatoriesSchema, signatureBlock, type Signatory } from './configuration.ts';

const formula = (d: string) => `${d}.`;
const base: Signatory = {
  document: 'equipmentConfirmation',
  authorityTitle: 'Giám đốc',
  delegation: 'none',
  signerTitle: '',
  signerName: '',
};

describe('signatureBlock', () => {
  it('the head signing in person: the authority title alone, no name when none is set', () => {
    expect(signatureBlock(base, formula)).toEqual({ title: 'GIÁM ĐỐC' });
  });

  it('a deputy signing for the head: the formula, the authority, then the signer', () => {
    expect(
      signatureBlock({ ...base, delegation: 'KT', signerTitle: 'Phó Giám đốc', signerName: 'Trần Văn Hùng' }, formula),
    ).toEqual({ title: 'KT. GIÁM ĐỐC\nPHÓ GIÁM ĐỐC', name: 'Trần Văn Hùng' });
  });
});

describe('signatoriesSchema', () => {
  it('needs the signer title with a delegation and one signatory per document', () => {
    expect(signatoriesSchema.safeParse({ items: [{ ...base, delegation: 'TL' }] }).success).toBe(false);
    expect(signatoriesSchema.safeParse({ items: [base, base] }).success).toBe(false);
    expect(signatoriesSchema.safeParse({ items: [base] }).success).toBe(true);
  });
});
