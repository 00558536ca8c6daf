import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { trackBreakpoint } from './ui-store.ts';

/**
 * What every page needs: the query cache and translations. Ant Design's provider (locale, skin, toasts) is
 * added by the layouts for the pages that use it (app/antd-provider.tsx), keeping the public home light.
 */
export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => trackBreakpoint(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
