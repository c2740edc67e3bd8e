import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter, startupNeeds } from './app/router';
import { requestSessionEarly } from './lib/early-session';
import { initI18n } from './lib/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

const root = createRoot(container);

// The texts are requested first (with the rest of them, and the user's info, when the screen
// needs them); the router, created a task later once those requests have gone out, then requests
// the screen's code. Over a connection-limited HTTP/1.1 link these small, render-blocking
// requests would otherwise queue behind the screen's many chunks.
const needs = startupNeeds(window.location.pathname);
const texts = initI18n({ appTexts: needs.appTexts });
if (needs.session) requestSessionEarly();
setTimeout(() => {
  const router = createRouter();
  void texts.then(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}, 0);
