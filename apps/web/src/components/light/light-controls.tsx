import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './light-controls.css';

/**
 * Plain controls for the first-load screens (/login), styled like antd's large controls: those
 * screens render before any component library code is downloaded (bench/bundle-size.mjs).
 */

interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'link';
  block?: boolean;
  /** Shows a spinner and ignores clicks (antd's `loading`). */
  loading?: boolean;
}

export function LightButton({
  variant = 'default',
  block = false,
  loading = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: LightButtonProps) {
  const classes = [
    'koma-btn',
    variant !== 'default' && `koma-btn-${variant}`,
    block && 'koma-btn-block',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <span className="koma-btn-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A warning shown in place (antd's Alert type="warning" showIcon). */
export function LightWarning({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="koma-alert-warning">
      <svg className="koma-alert-icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <rect x="7" y="3.5" width="2" height="6" rx="1" fill="#ffffff" />
        <circle cx="8" cy="12" r="1.1" fill="#ffffff" />
      </svg>
      <div>{children}</div>
    </div>
  );
}

/** The show/hide icon of a password field: an eye, struck through while the text is hidden. */
export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M4 20 20 4" />}
    </svg>
  );
}
