/** Fills `{{name}}` placeholders (i18next's syntax, so the web reads the same files); an unknown one stays. */
export function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
