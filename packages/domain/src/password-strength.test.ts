import { describe, expect, it } from 'vitest';
import { assessPassword, personalInputs } from './password-strength.ts';

describe('the password policy (ASVS V2.1)', () => {
  it.each([
    ['password1', ['tooShort']],
    ['qwerty123', ['tooShort']],
    ['Demo@2026', ['tooShort']],
    ['password1234', ['common']],
    ['Qwerty123456', ['common']],
    ['anhyeuem123456', ['common']],
    ['111111111111', ['weak']],
    ['abcdefghijkl', ['weak']],
    ['x'.repeat(129), ['tooLong']],
  ])('refuses %s', (password, problems) => {
    expect(assessPassword(password).problems).toEqual(problems);
  });

  it.each(['gió núi sương mù đà lạt', 'correct horse battery staple', 'Thu-nghiem#2026', 'x7#Rq!2mP0zL'])(
    'accepts %s without composition rules',
    (password) => {
      const result = assessPassword(password);
      expect(result.problems).toEqual([]);
      expect(result.score).toBeGreaterThanOrEqual(3);
    },
  );

  it("refuses a password built on the user's own name, user name or email", () => {
    const inputs = personalInputs('lan.nguyen', 'Nguyễn Thị Lan', 'lan.nguyen@so.example');
    expect(inputs).toEqual(expect.arrayContaining(['nguyen thi lan', 'nguyenthilan', 'lan.nguyen']));
    expect(assessPassword('nguyenthilan2026', inputs).problems).toEqual(['personal']);
    expect(assessPassword('lan.nguyen.2026', inputs).problems).toEqual(['personal']);
    // For someone else, the same password is acceptable: the user's own words are what make it guessable.
    expect(assessPassword('nguyenthilan2026').problems).toEqual([]);
  });
});
