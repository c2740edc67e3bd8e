import { createHash } from 'node:crypto';
import { type PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ManifestRow } from './delivery-manifest.js';

/** An entry of the delivery, its content made when its turn comes. */
export interface DeliveryEntry {
  name: string;
  open: () => Promise<Readable>;
  /** Where the SHA-256 of the entry's bytes is written once they have all gone in (the PDF's: every page's). */
  rows?: ManifestRow[];
}

/**
 * The delivery zip (docs/print.md, "Delivery"), produced while it is sent: each entry is opened
 * when the one before has been written, one at a time, and nothing is held whole. Entries are
 * stored, not deflated: TIFF, PSD and the proof's JPEGs are compressed already, the manifest is small. A failure of any
 * entry ends the download with an error instead of leaving it hanging.
 */
export function deliveryArchive(entries: DeliveryEntry[], last: { name: string; content: () => string }) {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  let current: Readable | undefined;
  let cancelled = false;
  const fail = (err: Error) => output.destroy(err);
  zip.on('error', fail);
  // The reader gone (the browser cancelled): the entry being read is dropped, which frees its
  // file, and no further entry is opened (nor converted).
  output.once('close', () => {
    cancelled = !output.writableFinished;
    current?.destroy();
  });
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false }, (done) => {
      if (cancelled) return done(new Error('delivery cancelled'), Readable.from([]));
      entry.open().then(
        (stream) => {
          current = entry.rows ? hashed(stream, entry.rows, fail) : stream;
          if (cancelled) current.destroy();
          done(null, current);
        },
        (err: Error) => done(err, Readable.from([])),
      );
    });
  }
  zip.addReadStreamLazy(last.name, { compress: false }, (done) =>
    done(null, Readable.from([last.content()])),
  );
  zip.end();
  return output;
}

/** The bytes as they pass, their SHA-256 written into the rows at the end. */
function hashed(source: Readable, rows: ManifestRow[], fail: (err: Error) => void): Readable {
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      next(null, chunk);
    },
    flush(next) {
      const sha256 = hash.digest('hex');
      for (const row of rows) row.sha256 = sha256;
      next();
    },
  });
  pipeline(source, tap, (err) => err && fail(err));
  return tap;
}
