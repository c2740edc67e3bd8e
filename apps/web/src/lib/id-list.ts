/** Parses a comma-separated id string such as "2,3" (the API's positions and roles). */
export function parseIdList(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}
