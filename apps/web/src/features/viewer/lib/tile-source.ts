import type { PageRenditions } from '@koma/shared/schemas';

const DEEP_ZOOM_NS = 'http://schemas.microsoft.com/deepzoom/2008';

/** One page image as the viewer draws it: deep-zoom tiles when made, else the screen preview. */
export interface ViewerImage {
  /** Identifies the image: a new key reopens the view. */
  key: string;
  /** The Deep Zoom descriptor (.dzi); its tiles are fetched relative to it. */
  dzi?: string;
  /** The descriptor's content, when the reply carried it: the view opens without fetching `dzi`. */
  descriptor?: DeepZoomDescriptor;
  /** The ≤ 2560 px preview, drawn while tiles are not made yet. */
  preview?: string;
}

/** A Deep Zoom descriptor (.dzi) as OpenSeadragon reads it from JSON. */
export interface DeepZoomDescriptor {
  Image: {
    xmlns: string;
    Url: string;
    Format: string;
    Overlap: string;
    TileSize: string;
    Size: { Width: string; Height: string };
  };
}

export type TileSource = string | DeepZoomDescriptor | { type: 'image'; url: string };

/**
 * The descriptor the server wrote, rebuilt from the reply (size and tile geometry) so that the
 * first sharp screen waits for tiles only, not for a descriptor request before them
 * (docs/viewer.md). Its tiles sit in `<name>_files/` beside `<name>.dzi`.
 */
function descriptorOf(renditions: PageRenditions): DeepZoomDescriptor | undefined {
  const { dzi, width, height, tiles } = renditions;
  if (!dzi || !tiles || width === null || height === null) return undefined;
  return {
    Image: {
      xmlns: DEEP_ZOOM_NS,
      Url: dzi.replace(/\.dzi$/, '_files/'),
      Format: tiles.format,
      Overlap: String(tiles.overlap),
      TileSize: String(tiles.size),
      Size: { Width: String(width), Height: String(height) },
    },
  };
}

/** The image of an upload's renditions, or null while they are not ready. */
export function viewerImageOf(
  key: string,
  renditions: PageRenditions | null | undefined,
): ViewerImage | null {
  if (renditions?.status !== 'ready') return null;
  return {
    key,
    dzi: renditions.dzi || undefined,
    descriptor: descriptorOf(renditions),
    preview: renditions.preview || undefined,
  };
}

/** What OpenSeadragon opens for an image: the tiles, else the preview as one picture. */
export function tileSourceOf(image: ViewerImage | null): TileSource | null {
  if (image?.descriptor) return image.descriptor;
  if (image?.dzi) return image.dzi;
  if (image?.preview) return { type: 'image', url: image.preview };
  return null;
}

/** Whether two images draw the same thing: a refetch with the same links keeps the view. */
export const imageSourceKey = (image: ViewerImage | null) => image?.dzi || image?.preview || '';
