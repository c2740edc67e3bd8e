import { describe, expect, it } from 'vitest';
import { clipFile, clipSample } from '../../test/page-files.js';
import { readClipChunks } from './clip-chunks.js';
import { RenderRefusal } from './render-refusal.js';

/** What reading `bytes` ends in: the chunks, or the refusal's status and reason. */
function outcome(bytes: Uint8Array) {
  try {
    return readClipChunks(bytes);
  } catch (err) {
    if (!(err instanceof RenderRefusal)) throw err;
    return { status: err.status, reason: err.reason };
  }
}

const broken = { status: 'failed', reason: 'renditionBroken' };

describe('the chunks of a CLIP STUDIO file', () => {
  it('finds the SQLite database and the layers’ pixel blocks of a real file', () => {
    const file = clipSample();
    const chunks = readClipChunks(file);
    const { offset } = chunks.sqlite;
    expect(file.toString('latin1', offset, offset + 15)).toBe('SQLite format 3');
    expect(chunks.sqlite.length).toBe(544768);
    expect(chunks.extas.size).toBe(6);
    expect([...chunks.extas.keys()].every((id) => /^extrnlid[0-9A-F]{32}$/.test(id))).toBe(true);
  });

  it('ends failed, not thrown or stuck, for a file cut anywhere', () => {
    const file = clipSample();
    for (const length of [0, 7, 8, 23, 24, 40, 80, 700, 195163 + 20, file.length - 17, file.length - 1])
      expect(outcome(file.subarray(0, length))).toEqual(broken);
  });

  it('ends failed for a chunk whose length runs past the end, or is absurd', () => {
    for (const length of [2n ** 63n, 739963n, 0xffffffffn]) {
      const file = Buffer.from(clipSample());
      // The first CHNKExta's length.
      file.writeBigUInt64BE(length, 80 + 8);
      expect(outcome(file)).toEqual(broken);
    }
  });

  it('ends failed for an unknown chunk, a missing database, or only the magic', () => {
    const renamed = Buffer.from(clipSample());
    renamed.write('CHNKJunk', 80, 'latin1');
    expect(outcome(renamed)).toEqual(broken);
    const noDatabase = Buffer.from(clipSample());
    noDatabase.write('CHNKExta', 195163, 'latin1');
    expect(outcome(noDatabase)).toEqual(broken);
    expect(outcome(clipFile())).toEqual(broken);
    const firstChunkBehind = Buffer.from(clipSample());
    firstChunkBehind.writeBigUInt64BE(0n, 16);
    expect(outcome(firstChunkBehind)).toEqual(broken);
  });
});
