import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { languageReady } from './app/i18n.ts';
// The session (user, abilities, signed-in HTTP client) before the router starts, so the first guard knows the user.
import './platform/auth/index.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';

// The texts of the stored language first (one small bundle), so the first render is already translated.
await languageReady;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
