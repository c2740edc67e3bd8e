import { routeBase, routes } from '@koma/shared/routes';
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

/**
 * Deep-zoom tiles as OpenSeadragon's inline tile source: each tile's address is asked for when the
 * tile loads, from the newest link of its folder, so an open view keeps loading tiles after its
 * first links lapse (docs/viewer.md).
 */
export interface FreshTileSource {
  width: number;
  height: number;
  tileSize: number;
  tileOverlap: number;
  getTileUrl(level: number, x: number, y: number): () => string;
}

export type TileSource = string | FreshTileSource | { type: 'image'; url: string };

const RENDITIONS = routeBase(routes.uploads.rendition);

/**
 * A rendition link without its expiry and signature (`/api/renditions/<exp>/<sig>/<folder>/<file>`,
 * rendition-links.ts on the server): the same picture whatever its link's age.
 */
export function linkIdentity(link: string): string {
  if (!link.startsWith(RENDITIONS)) return link;
  return RENDITIONS + link.slice(RENDITIONS.length).replace(/^\d+\/[^/]+\//, '');
}

/** The newest tiles folder link each picture was given, by its identity. */
const newestTilesUrl = new Map<string, string>();

/** Remembers a reply's links as the newest of their pictures (every reply that carries them). */
const rememberLinks = (tilesUrl: string) => newestTilesUrl.set(linkIdentity(tilesUrl), tilesUrl);

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
  const descriptor = descriptorOf(renditions);
  if (descriptor) rememberLinks(descriptor.Image.Url);
  return {
    key,
    dzi: renditions.dzi || undefined,
    descriptor,
    preview: renditions.preview || undefined,
  };
}

/** The descriptor's tiles, each fetched from the newest link of its folder. */
function freshTiles({ Image: image }: DeepZoomDescriptor): FreshTileSource {
  const identity = linkIdentity(image.Url);
  return {
    width: Number(image.Size.Width),
    height: Number(image.Size.Height),
    tileSize: Number(image.TileSize),
    tileOverlap: Number(image.Overlap),
    getTileUrl: (level, x, y) => () =>
      `${newestTilesUrl.get(identity) ?? image.Url}${level}/${x}_${y}.${image.Format}`,
  };
}

/** What OpenSeadragon opens for an image: the tiles, else the preview as one picture. */
export function tileSourceOf(image: ViewerImage | null): TileSource | null {
  if (image?.descriptor) return freshTiles(image.descriptor);
  if (image?.dzi) return image.dzi;
  if (image?.preview) return { type: 'image', url: image.preview };
  return null;
}

/**
 * Whether two images draw the same thing: a refetch keeps the view, whether it brought the same
 * links or fresh ones for the same pictures (their tiles then load from the fresh ones).
 */
export const imageSourceKey = (image: ViewerImage | null) => linkIdentity(image?.dzi || image?.preview || '');
