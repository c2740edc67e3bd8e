import { Checkbox, type CheckboxOptionType } from 'antd';

interface CheckboxGroupFieldProps {
  options: CheckboxOptionType<number>[];
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  /** The group's name for assistive tech (the visible Form.Item label text). */
  'aria-label'?: string;
  'aria-required'?: unknown;
}

/**
 * A checkbox group as a form field (role group, named by its label). Form.Item's aria-required
 * is dropped: it is not valid on a group of checkboxes.
 */
export function CheckboxGroupField({ 'aria-required': _required, ...props }: CheckboxGroupFieldProps) {
  return <Checkbox.Group<number> {...props} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }} />;
}
