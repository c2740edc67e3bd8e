import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_ID } from '../lib/main-heading';
import { LanguageRadio } from './language/language-radio';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

interface PublicLayoutProps {
  children: ReactNode;
  /** Extra header buttons (login, sign-up...). */
  actions?: ReactNode;
  /** Width of the centred content column; 'full' for edge-to-edge pages such as the landing page. */
  width?: number | 'full';
}

/** Frame of the screens open without login: header (logo to /home, language), main, footer. */
export function PublicLayout({ children, actions, width = 480 }: PublicLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="koma-public">
      <SkipLink />
      <header className="koma-public-header">
        <Logo to="/home" />
        <nav aria-label={t('common.headerNav')} className="koma-public-nav">
          <LanguageRadio />
          {actions}
        </nav>
      </header>
      <main id={MAIN_ID} className={width === 'full' ? 'koma-public-main-full' : 'koma-public-main'}>
        {width === 'full' ? children : <div style={{ maxWidth: width, margin: '0 auto' }}>{children}</div>}
      </main>
      <SiteFooter />
    </div>
  );
}
