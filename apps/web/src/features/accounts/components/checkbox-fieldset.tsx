import { Checkbox } from 'antd';
import type { Option } from '../lib/reference-options';

interface CheckboxFieldsetProps {
  legend: string;
  options: Option[];
  value: number[];
  onChange: (value: number[]) => void;
  invalid?: boolean;
}

/** A multi-select list as a labelled group of checkboxes (fieldset + legend for assistive tech). */
export function CheckboxFieldset({
  legend,
  options,
  value,
  onChange,
  invalid = false,
}: CheckboxFieldsetProps) {
  return (
    <fieldset
      style={{
        border: `1px solid ${invalid ? '#cf1322' : '#e5e7ef'}`,
        borderRadius: 8,
        padding: '8px 16px 12px',
        margin: '0 0 16px',
      }}
    >
      <legend
        style={{ fontWeight: 600, fontSize: 14, padding: '0 6px', width: 'auto', margin: 0, border: 0 }}
      >
        {legend}
      </legend>
      <Checkbox.Group
        options={options}
        value={value}
        onChange={(next) => onChange(next as number[])}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
      />
    </fieldset>
  );
}
