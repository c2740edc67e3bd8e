import { DatePicker, type DatePickerProps, type GetProps } from 'antd';
import { DAY_FORMAT, DAY_INPUT_FORMATS, isBeforeYesterday } from '../../lib/dates';
import './day-picker.css';

type DayPickerProps = Omit<DatePickerProps, 'format' | 'picker' | 'disabledDate'>;

/**
 * A deadline: shown as YYYY/MM/DD, typed as 2026/12/04, 20261204 or 2026-12-04 (the format is
 * the placeholder), from yesterday on.
 */
export function DayPicker(props: DayPickerProps) {
  return (
    <DatePicker
      placeholder={DAY_FORMAT}
      {...props}
      format={DAY_INPUT_FORMATS}
      disabledDate={(day) => isBeforeYesterday(day)}
    />
  );
}

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

interface DayRangePickerProps
  extends Omit<RangePickerProps, 'format' | 'picker' | 'disabledDate' | 'placeholder'> {
  /** What the two days are (e.g. 開始日, 終了日); the format follows in the placeholders. */
  names: [string, string];
}

/**
 * A period of days, typed and shown as DayPicker, from yesterday on. Either day may be left
 * empty while moving between them: otherwise the picker sends focus back to an empty start day
 * on every Tab (issue 18). The form's own check asks for both days. On a phone it shows one month
 * (day-picker.css).
 */
export function DayRangePicker({ names, ...props }: DayRangePickerProps) {
  return (
    <DatePicker.RangePicker
      {...props}
      classNames={{ popup: { root: 'koma-day-range-popup' } }}
      allowEmpty={[true, true]}
      format={DAY_INPUT_FORMATS}
      placeholder={[`${names[0]} ${DAY_FORMAT}`, `${names[1]} ${DAY_FORMAT}`]}
      disabledDate={(day) => isBeforeYesterday(day)}
    />
  );
}
