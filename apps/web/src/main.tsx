import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { initI18n } from './lib/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

const root = createRoot(container);

void initI18n().then(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
