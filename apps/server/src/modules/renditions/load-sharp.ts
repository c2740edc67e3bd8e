type SharpModule = typeof import('sharp');
let sharpModule: SharpModule | undefined;

/**
 * sharp on first use (libvips is memory a process that never decodes does not need), with libvips'
 * operation cache off: every render reads a different file once, so a cache would only hold
 * memory (this is process-wide; the avatar thumbnails and correction sheets do not reuse images
 * either).
 */
export async function loadSharp(): Promise<SharpModule> {
  if (!sharpModule) {
    const { default: sharp } = await import('sharp');
    sharp.cache(false);
    // One libvips thread per image: the job runner already renders one page per core, and more
    // threads than cores starved the event loop (API reads p95 150 → 84 ms, bench/README.md).
    sharp.concurrency(1);
    sharpModule = sharp;
  }
  return sharpModule;
}
