import type { PrintSpec } from '@koma/shared';
import { useTranslation } from 'react-i18next';

/** One line of a spec: 単行本 B6 · 仕上がり 128×182 mm · 裁ち落とし 3 mm · 600 dpi · モノクロ2階調. */
export function SpecSummary({ spec }: { spec: PrintSpec }) {
  const { t } = useTranslation();
  const parts = [t(`preflight.presets.${spec.preset}`)];
  if (spec.widthPx !== null) parts.push(t('preflight.summary.width', { px: spec.widthPx }));
  else {
    parts.push(t('preflight.summary.trim', { w: spec.trimWidthMm, h: spec.trimHeightMm }));
    parts.push(t('preflight.summary.bleed', { mm: spec.bleedMm }));
    if (spec.frameWidthMm && spec.frameHeightMm)
      parts.push(t('preflight.summary.frame', { w: spec.frameWidthMm, h: spec.frameHeightMm }));
    parts.push(`${spec.dpi} dpi`);
    if (spec.drawnPaper !== 'print') {
      const paper = t(`preflight.papers.${spec.drawnPaper}`);
      parts.push(t('preflight.summary.drawn', { paper, pct: spec.reductionPct }));
    }
    if (spec.binding !== 'none') parts.push(t(`preflight.bindings.${spec.binding}`));
  }
  parts.push(t(`preflight.colours.${spec.colour}`));
  return <span>{parts.join(' · ')}</span>;
}
