import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readStoredZip } from '../../test/stored-zip.js';
import { deliveryArchive } from './delivery-archive.js';
import type { ManifestRow } from './delivery-manifest.js';

const row = (num: number): ManifestRow => ({
  num,
  file: '',
  describes: 'handedIn',
  width: null,
  height: null,
  dpi: null,
  colourMode: null,
  bitDepth: null,
  sha256: '',
  preflight: [],
});

/** `count` pages of 1 MB each, recording which were opened. */
function pages(count: number) {
  const opened: number[] = [];
  const entries = Array.from({ length: count }, (_, i) => ({
    name: `${i + 1}.bin`,
    rows: [row(i + 1)],
    open: async () => {
      opened.push(i + 1);
      return Readable.from([Buffer.alloc(1024 * 1024, i)]);
    },
  }));
  return { entries, opened };
}

describe('the delivery archive', () => {
  it('writes the entries in order, the last one made from what the others hashed', async () => {
    const { entries } = pages(3);
    const output = deliveryArchive(entries, {
      name: 'manifest.csv',
      content: () => entries.map((e) => e.rows[0]?.sha256.slice(0, 8)).join(','),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of output) chunks.push(chunk as Buffer);
    const zip = readStoredZip(Buffer.concat(chunks));
    expect([...zip.keys()]).toEqual(['1.bin', '2.bin', '3.bin', 'manifest.csv']);
    // SHA-256 of 1 MB of zeros begins 30e14955.
    expect(zip.get('manifest.csv')?.toString().split(',')[0]).toBe('30e14955');
  });

  it('drops the entry being made once the reader has gone, and opens no further one', async () => {
    const { entries, opened } = pages(20);
    // Page 2 takes a while to make (a conversion), then is long (a stream not yet at its end).
    const slow = new PassThrough();
    let asked = false;
    const second = entries[1] as (typeof entries)[0];
    second.open = async () => {
      asked = true;
      opened.push(2);
      await sleep(100);
      slow.write(Buffer.alloc(1024));
      return slow;
    };
    const output = deliveryArchive(entries, { name: 'manifest.csv', content: () => '' });
    output.resume();
    while (!asked) await sleep(1);
    output.destroy();
    await sleep(300);
    expect(opened).toEqual([1, 2]);
    // Its file is let go (a converted page's temp folder goes with it).
    expect(slow.destroyed).toBe(true);
  });

  it('ends with an error, not a hang, when an entry cannot be read', async () => {
    const { entries } = pages(2);
    const broken = { ...entries[1], open: async () => Promise.reject(new Error('gone')) };
    const output = deliveryArchive([entries[0] as (typeof entries)[0], broken as (typeof entries)[0]], {
      name: 'manifest.csv',
      content: () => '',
    });
    await expect(async () => {
      for await (const _ of output);
    }).rejects.toThrow('gone');
  });
});
