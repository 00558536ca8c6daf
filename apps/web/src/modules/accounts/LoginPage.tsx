import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { ApiError } from '../../app/api-client.ts';
import { pathAfterSignIn, signIn } from '../../platform/auth/index.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { CHALLENGE_KEY, errorText, safeRedirect } from './sign-in.ts';

type Field = 'userName' | 'password';

/**
 * `/dang-nhap`: user name or email and password; a second step when the account has 2FA on.
 * Plain elements and CSS, no Ant Design: this is the page every user opens every day, prerendered at build
 * time and hydrated (see src/prerender.tsx). The inputs are uncontrolled and read on submit, so what was typed
 * before the scripts arrived is kept and sent.
 */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, true>>>({});
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const userName = String(data.get('userName') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const missing: Partial<Record<Field, true>> = {
      ...(userName ? {} : { userName: true }),
      ...(password ? {} : { password: true }),
    };
    setInvalid(missing);
    if (missing.userName || missing.password) {
      form.querySelector<HTMLInputElement>(missing.userName ? '[name="userName"]' : '[name="password"]')?.focus();
      return;
    }
    const redirect = safeRedirect(params.get('redirect'));
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(userName, password);
      if (result.kind === 'twoFactor') {
        sessionStorage.setItem(
          CHALLENGE_KEY,
          JSON.stringify({ token: result.twoFactorToken, redirect, at: Date.now() }),
        );
        await navigate(ACCOUNT_PAGES.twoFactor);
        return;
      }
      const user = result.userData;
      await navigate(user.mustChangePassword ? '/doi-mat-khau?required=1' : (redirect ?? pathAfterSignIn(user)), {
        replace: true,
      });
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  };

  /** Typing in a field marked empty clears its mark. */
  const edited = (field: Field) => () => {
    if (invalid[field]) setInvalid(({ [field]: _, ...rest }) => rest);
  };

  const inactive = error instanceof ApiError && error.code === 'ACCOUNT_INACTIVE';
  const fieldError = (field: Field) =>
    invalid[field] ? (
      <div id={`login-${field}-error`} className="acc-field-error" role="alert">
        {t('validation.required')}
      </div>
    ) : null;
  return (
    <AuthFrame title={t('login.title')} lead={t('login.lead')}>
      {error && (
        <div className="acc-alert" role="alert" data-testid="login-error">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 13v2h2v-2h-2Zm0-8v6h2V7h-2Z" />
          </svg>
          <div>
            <div>{errorText(error)}</div>
            {inactive && <Link to={ACCOUNT_PAGES.activation}>{t('login.resendActivation')}</Link>}
          </div>
        </div>
      )}
      <form className="acc-form" method="post" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <div className="acc-field">
          <label htmlFor="login-userName">{t('login.userName')}</label>
          <input
            id="login-userName"
            name="userName"
            className="acc-input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            // The sign-in page has one purpose: the caret waits in the first field.
            autoFocus
            required
            readOnly={busy}
            aria-invalid={invalid.userName ?? false}
            aria-describedby={invalid.userName ? 'login-userName-error' : undefined}
            onInput={edited('userName')}
            data-testid="login-user"
          />
          {fieldError('userName')}
        </div>
        <div className="acc-field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <div className="acc-password">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              className="acc-input"
              autoComplete="current-password"
              required
              readOnly={busy}
              aria-invalid={invalid.password ?? false}
              aria-describedby={invalid.password ? 'login-password-error' : undefined}
              onInput={edited('password')}
              data-testid="login-password"
            />
            <button
              type="button"
              className="acc-password-toggle"
              aria-pressed={showPassword}
              aria-label={t('login.showPassword')}
              title={t('login.showPassword')}
              onClick={() => setShowPassword((v) => !v)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d={
                    showPassword
                      ? 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z'
                      : 'M3.3 2 22 20.7 20.7 22l-3.4-3.4A11 11 0 0 1 12 20c-5 0-9-4.5-10-7a13 13 0 0 1 3.6-4.9L2 4.3 3.3 2Zm4.1 8A4 4 0 0 0 14 15.6l-1.5-1.5A2 2 0 0 1 9.9 11.5L7.4 10ZM12 6c5 0 9 4.5 10 7-.5 1.2-1.5 2.8-3 4.2l-2.9-2.9A4 4 0 0 0 11.7 9l-2-2c.8-.6 1.5-1 2.3-1Z'
                  }
                />
              </svg>
            </button>
          </div>
          {fieldError('password')}
        </div>
        <button type="submit" className="acc-submit" disabled={busy} data-testid="login-submit">
          {busy && <span className="acc-spinner" aria-hidden="true" />}
          {t('login.submit')}
        </button>
        {busy && (
          <span className="acc-visually-hidden" role="status">
            {t('login.busy')}
          </span>
        )}
      </form>
      <div className="acc-auth-links">
        <Link to={ACCOUNT_PAGES.forgotPassword}>{t('login.forgot')}</Link>
        <Link to={ACCOUNT_PAGES.register}>{t('login.register')}</Link>
      </div>
    </AuthFrame>
  );
}
