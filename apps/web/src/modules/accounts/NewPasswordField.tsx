import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Form, Input, Progress, Typography } from 'antd';
import { useAccountsText } from './common.tsx';
import { loadPasswordStrength, passwordRules, type PasswordStrength } from './password-rules.ts';

const COLORS = ['#cf1322', '#d4380d', '#d48806', '#389e0d', '#237804'] as const;

/**
 * A new-password field: the policy as its rules and a strength meter under it, both from the check the API runs
 * (loaded when the field is first shown). `personalFields` are fields of the same form holding the user's own
 * words (user name, full name, email); `personal` gives them directly when they are not in the form.
 */
export function NewPasswordField({
  name,
  label,
  testId,
  personal = [],
  personalFields = [],
  required = true,
  hint,
  autoFocus,
  size,
}: {
  name: string;
  label: ReactNode;
  testId: string;
  personal?: Array<string | null | undefined>;
  personalFields?: string[];
  required?: boolean;
  hint?: ReactNode;
  autoFocus?: boolean;
  size?: 'large';
}) {
  const { t } = useAccountsText();
  const form = Form.useFormInstance();
  const value = Form.useWatch(name, form) as string | undefined;
  const fromForm = Form.useWatch(
    (values: Record<string, unknown>) => personalFields.map((f) => (typeof values?.[f] === 'string' ? values[f] : '')),
    form,
  ) as string[] | undefined;
  // Compared by content: callers pass fresh arrays on every render.
  const wordsKey = JSON.stringify([...personal, ...(fromForm ?? [])]);
  const words = useMemo(() => JSON.parse(wordsKey) as Array<string | null>, [wordsKey]);
  const [strength, setStrength] = useState<PasswordStrength | null>(null);

  useEffect(() => {
    let live = true;
    loadPasswordStrength().then(
      (s) => live && setStrength(s),
      () => undefined, // No meter without the dictionaries; the rules fall back to the length.
    );
    return () => {
      live = false;
    };
  }, []);

  const score = useMemo(
    () => (strength && value ? strength.assessPassword(value, strength.personalInputs(...words)).score : null),
    [strength, value, words],
  );

  return (
    <Form.Item
      name={name}
      label={label}
      rules={passwordRules(t, () => words, required)}
      extra={
        <>
          {hint ?? t('password.hint')}
          {score !== null && (
            <div data-testid={`${testId}-strength`} data-score={score} style={{ marginTop: 4 }}>
              <Progress
                percent={(score + 1) * 20}
                steps={5}
                showInfo={false}
                strokeColor={COLORS[score]}
                size="small"
                aria-hidden
              />{' '}
              <Typography.Text style={{ color: COLORS[score] }}>
                {t('password.strength')}: {t(`password.strengthLevel.${score}`)}
              </Typography.Text>
            </div>
          )}
        </>
      }
    >
      <Input.Password autoComplete="new-password" autoFocus={autoFocus} size={size} data-testid={testId} />
    </Form.Item>
  );
}
