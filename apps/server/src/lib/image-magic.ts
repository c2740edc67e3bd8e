import { Transform } from 'node:stream';

/** The image formats uploads accept (docs/files.md). */
export type ImageKind = 'png' | 'gif' | 'jpeg';

const SIGNATURES: { kind: ImageKind; bytes: number[] }[] = [
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'gif', bytes: [...Buffer.from('GIF87a')] },
  { kind: 'gif', bytes: [...Buffer.from('GIF89a')] },
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** Enough leading bytes to tell every accepted format apart. */
export const MAGIC_LENGTH = Math.max(...SIGNATURES.map((s) => s.bytes.length));

/** The format a file's first bytes announce, or null when they announce none we accept. */
export function detectImageKind(head: Uint8Array): ImageKind | null {
  const match = SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b));
  return match?.kind ?? null;
}

/** The format a file name extension promises (jpg and jpeg are the same format). */
export function imageKindOfExtension(ext: string): ImageKind | null {
  switch (ext.toLowerCase()) {
    case 'png':
      return 'png';
    case 'gif':
      return 'gif';
    case 'jpg':
    case 'jpeg':
      return 'jpeg';
    default:
      return null;
  }
}

/**
 * Passes a stream through unchanged, but fails it with `refuse()` as soon as its first bytes show
 * it is not a `kind` image: the check happens while streaming, before anything is trusted.
 */
export function expectImageKind(kind: ImageKind, refuse: () => Error): Transform {
  return expectHead(MAGIC_LENGTH, (head) => detectImageKind(head) === kind, refuse);
}

/**
 * Passes a stream through unchanged, but fails it with `refuse()` as soon as its first `length`
 * bytes are not `accepted`: the check happens while streaming, before anything is trusted.
 */
export function expectHead(
  length: number,
  accepted: (head: Uint8Array) => boolean,
  refuse: () => Error,
): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const check = (): Error | null => (accepted(head ?? Buffer.alloc(0)) ? null : refuse());
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Once the head has been checked the rest flows through untouched.
      if (!head) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < length) return callback();
      const error = check();
      const all = head;
      head = null;
      return error ? callback(error) : callback(null, all);
    },
    flush(callback) {
      // A stream shorter than `length`: judge what arrived.
      if (!head) return callback();
      const error = check();
      return error ? callback(error) : callback(null, head);
    },
  });
}
