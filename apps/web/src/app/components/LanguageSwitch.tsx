import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '@portal/domain/languages';
import { setLanguage } from '../i18n.ts';

/**
 * VI | EN: two pressed/unpressed buttons rather than a drop-down, so the switch costs the first load almost
 * nothing and works with one keystroke.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className={`portal-lang-switch ${className ?? ''}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={current === lang}
          title={t(`language.${lang}`)}
          data-testid={`language-${lang}`}
          onClick={() => setLanguage(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
