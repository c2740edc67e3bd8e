import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface LogoProps {
  /** Where a click leads; the logo is plain when omitted. */
  to?: string;
  /** White text for dark backgrounds. */
  inverted?: boolean;
  /** Only the mark (collapsed sidebar). */
  compact?: boolean;
}

function Mark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#2f54eb" />
      <rect x="5" y="5" width="10" height="22" rx="1.5" fill="#fff" />
      <rect x="17" y="5" width="10" height="10" rx="1.5" fill="#fff" />
      <rect x="17" y="17" width="10" height="10" rx="1.5" fill="#ffd666" />
    </svg>
  );
}

/** The Koma mark and name. */
export function Logo({ to, inverted = false, compact = false }: LogoProps) {
  const { t } = useTranslation();
  const content = (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Mark />
      {compact ? (
        <span className="koma-visually-hidden">{t('common.appName')}</span>
      ) : (
        <span
          style={{
            fontSize: 22,
            fontWeight: 700,
            letterSpacing: 1,
            color: inverted ? '#ffffff' : '#1f1f1f',
          }}
        >
          {t('common.appName')}
        </span>
      )}
    </span>
  );
  if (!to) return content;
  return (
    <Link
      to={to}
      aria-label={t('common.logoLink')}
      style={{ display: 'inline-flex', textDecoration: 'none' }}
    >
      {content}
    </Link>
  );
}
