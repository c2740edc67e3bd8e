/**
 * An attachment header (RFC 6266 / 5987): an ASCII fallback name plus the exact UTF-8 one, so
 * Japanese names survive.
 */
export function attachmentDisposition(name?: string): string {
  if (!name) return 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
