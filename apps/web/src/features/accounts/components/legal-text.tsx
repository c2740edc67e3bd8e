import { useTranslation } from 'react-i18next';

export type LegalKind = 'terms' | 'privacy';

interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

/** The terms of use (15 articles) or the privacy policy, as plain text from the locale files. */
export function LegalText({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const intro = t(`legal.${kind}.intro`);
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  return (
    <div>
      <p className="koma-prewrap">{intro}</p>
      {sections.map((section) => (
        <section key={section.title} style={{ marginBottom: 16 }}>
          <h2 style={{ fontSize: 16, fontWeight: 600, margin: '16px 0 8px' }}>{section.title}</h2>
          {section.paragraphs.map((text) => (
            <p key={text} className="koma-prewrap" style={{ margin: '0 0 8px' }}>
              {text}
            </p>
          ))}
          {section.items?.length ? (
            <ol style={{ paddingInlineStart: 24, margin: '0 0 8px' }}>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}
      <p style={{ textAlign: 'right' }}>{t(`legal.${kind}.enacted`)}</p>
    </div>
  );
}
