import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusMainHeading, MAIN_ID } from '../lib/main-heading';

/**
 * 本文へスキップ: the first stop of Tab on every screen with a header, shown only while focused.
 * It focuses the main heading itself: following the #hash would go through the router.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMainHeading();
  };
  return (
    <a className="koma-skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('common.skipToContent')}
    </a>
  );
}
