import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingDirection } from '../lib/reading-order';
import type { ViewerPage } from '../lib/viewer-page';

interface PageStripProps {
  pages: readonly ViewerPage[];
  /** The pages on screen (one, or the two of a spread). */
  current: readonly number[];
  direction: ReadingDirection;
  onShow: (index: number) => void;
}

/** The chapter's thumbnails in reading order (right to left for manga), the pages on screen marked. */
export function PageStrip({ pages, current, direction, onShow }: PageStripProps) {
  const { t } = useTranslation();
  const strip = useRef<HTMLOListElement>(null);
  const first = current[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again whenever another page is on screen
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [first]);

  return (
    <nav aria-label={t('viewer.strip')} className="koma-viewer-strip-nav">
      <ol ref={strip} className="koma-viewer-strip" dir={direction === 'rtl' ? 'rtl' : 'ltr'}>
        {pages.map((page, i) => {
          const thumb = page.revisions.at(-1)?.renditions.thumb;
          return (
            <li key={page.id}>
              <button
                type="button"
                className="koma-viewer-thumb"
                aria-current={current.includes(i) ? 'page' : undefined}
                onClick={() => onShow(i)}
              >
                {thumb ? (
                  <img src={thumb} alt="" loading="lazy" decoding="async" />
                ) : (
                  <span aria-hidden="true" />
                )}
                <span className="koma-viewer-thumb-label">{page.label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
