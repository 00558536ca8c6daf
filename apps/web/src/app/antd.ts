import type { ComponentType, ReactNode } from 'react';

type Provider = ComponentType<{ children: ReactNode }>;
let provider: Provider | null = null;

/**
 * Loads the Ant Design provider chunk once. Route loading awaits it for every page that is not `bare`, so the
 * page renders inside it at once, without a Suspense fallback flashing.
 */
export async function loadAntd(): Promise<Provider> {
  provider ??= (await import('./antd-provider.tsx')).AntdProvider;
  return provider;
}

/** The provider if it has been loaded, else null. */
export function loadedAntd(): Provider | null {
  return provider;
}
