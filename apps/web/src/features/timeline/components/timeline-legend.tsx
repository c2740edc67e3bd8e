import { useTranslation } from 'react-i18next';
import './timeline.css';

/** What the timeline's marks mean, in words beside a sample of each. */
export function TimelineLegend() {
  const { t } = useTranslation();
  const items = [
    { key: 'name', sample: { background: '#d3adf7' }, label: t('timeline.legendName') },
    { key: 'work', sample: { background: '#adc6ff' }, label: t('timeline.legendProduction') },
    { key: 'buffer', sample: { border: '1px dashed #d48806' }, label: t('schedule.legendBuffer') },
    { key: 'check', sample: { background: '#cf1322' }, label: t('timeline.legendCheck'), line: true },
    { key: 'today', sample: { background: '#1677ff' }, label: t('timeline.legendToday'), line: true },
  ];
  return (
    <ul className="koma-tl-legend">
      {items.map((item) => (
        <li key={item.key}>
          <span
            className={item.line ? 'koma-tl-legend-line' : undefined}
            style={item.sample}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
      <li>
        <span className="koma-tl-legend-finish" aria-hidden="true" />
        {t('timeline.legendFinish')}
      </li>
    </ul>
  );
}
