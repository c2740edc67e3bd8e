/**
 * Where the renditions of an original live in storage (docs/renditions.md): one folder beside it,
 * `<key>.r/`, so they are found, listed and deleted by the original's key alone.
 */
export const renditionFolder = (key: string) => `${key}.r`;
export const thumbKey = (key: string) => `${renditionFolder(key)}/thumb.webp`;
export const previewKey = (key: string) => `${renditionFolder(key)}/preview.webp`;
/** The Deep Zoom descriptor; its tiles are `tiles_files/<level>/<column>_<row>.webp` beside it. */
export const dziKey = (key: string) => `${renditionFolder(key)}/tiles.dzi`;

const RENDITION_KEY = /^(.+?)\.r\/.+$/;

/** The original a rendition key belongs to, or null for a key that is no rendition. */
export function originalOfRendition(key: string): string | null {
  return RENDITION_KEY.exec(key)?.[1] ?? null;
}
