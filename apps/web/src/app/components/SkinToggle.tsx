import { useTranslation } from 'react-i18next';
import { uiStore, useUi } from '../ui-store.ts';

/** Light / dark skin; the choice persists and public/boot.js applies it before the next paint. */
export function SkinToggle({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const skin = useUi((s) => s.skin);
  const dark = skin === 'dark';
  const label = dark ? t('skin.toLight') : t('skin.toDark');
  return (
    <button
      type="button"
      className={`portal-icon-button ${className ?? ''}`}
      aria-label={label}
      title={label}
      aria-pressed={dark}
      data-testid="skin-toggle"
      onClick={() => uiStore.set({ skin: dark ? 'light' : 'dark' })}
    >
      {dark ? (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1 3h-2l1-3Zm0 20-1-3h2l-1 3ZM2 12l3-1v2l-3-1Zm20 0-3 1v-2l3 1ZM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8Zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8ZM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4ZM19.1 4.9l-1.4 2.8-1.4-1.4 2.8-1.4Z"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M20.7 14.6A8.5 8.5 0 0 1 9.4 3.3a8.5 8.5 0 1 0 11.3 11.3Z" />
        </svg>
      )}
    </button>
  );
}
