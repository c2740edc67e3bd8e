import { Grid } from 'antd';

/**
 * Whether the window is narrower than antd's `md` (768 px), or `lg` (992 px) for what needs more
 * room: there a table's rows become cards (issue 30 §5: no button past the screen's edge). Before
 * the first measure useBreakpoint is empty; the window's width decides then, as on the schedule
 * screen.
 */
export function usePhone(below: 'md' | 'lg' = 'md'): boolean {
  const screens = Grid.useBreakpoint();
  const known = screens[below];
  if (known === undefined) return window.innerWidth < (below === 'md' ? 768 : 992);
  return !known;
}
