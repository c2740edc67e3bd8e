import type { ReactNode } from 'react';

interface AuthCardProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** The card of the account screens: an h1 title, a lead text and the content (plain markup, light). */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <section className="koma-card">
      <h1 className="koma-card-title">{title}</h1>
      {description ? <p className="koma-card-lead">{description}</p> : null}
      {children}
    </section>
  );
}
