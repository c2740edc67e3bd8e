import { pipeline, Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.js';
import { ByteLimit, isValidStorageKey, type Storage } from './storage.js';

/**
 * Multipart uploads send parts of S3's smallest allowed size, at most QUEUE_SIZE at a time: an
 * upload holds about (QUEUE_SIZE + 1) × PART_SIZE in memory, whatever the size of the file.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** Longest a presigned link may live (S3's own limit for signature version 4). */
const MAX_LINK_SECONDS = 7 * 24 * 3600;

export function createS3Client(s3: S3Config): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Only the checksums S3 requires: many S3-compatible stores refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails the request instead of hanging it (the SDK retries on its own).
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 120_000 },
  });
}

/**
 * The origin presigned links point at, for the page's Content-Security-Policy (img-src): the
 * endpoint's with path-style addresses, the bucket's own host name otherwise.
 */
export function s3Origin(s3: S3Config): string {
  const endpoint = new URL(s3.endpoint);
  if (s3.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/**
 * The Storage contract on an S3-compatible bucket. A put streams through a multipart upload that is
 * completed only once the whole file went through the byte limit; on any failure it is aborted, so
 * the key never shows a partial file and no parts are left behind. Objects stay private: public
 * files are read through the server, private ones through presigned links.
 */
export function createS3Storage(s3: S3Config, client: S3Client = createS3Client(s3)): Storage {
  const Bucket = s3.bucket;

  function keyOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }

  /** Best effort: a leftover is removed by the bucket's lifecycle rule for incomplete uploads. */
  async function abandon(Key: string, UploadId: string | undefined): Promise<void> {
    if (!UploadId) return;
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
  }

  return {
    async put(key, source, maxBytes, tooLargeKey = 'tooLarge') {
      const Key = keyOf(key);
      // What broke on the reading side (the limit, the client's stream) is the error to report,
      // whatever the store then says about the interrupted upload. A source's error reaches the
      // counter too: pipeline destroys the rest of the chain with it.
      let failure: unknown;
      const counter = new ByteLimit(maxBytes, tooLargeKey);
      counter.on('error', (err) => {
        failure ??= err;
      });
      const body = pipeline(source, counter, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // Aborted here, so that a failed abort cannot hide the reason of the failure.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
        return { size: counter.counted };
      } catch (err) {
        const reason = failure ?? err;
        // Stops reading the source (a store failure leaves it half read) and drops the parts.
        body.destroy();
        source.destroy();
        await abandon(Key, upload.uploadId);
        throw reason;
      }
    },

    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(Body instanceof Readable)) throw new Error('the S3 client returned no stream');
        return Body;
      } catch (err) {
        if (isMissing(err, 'NoSuchKey')) return null;
        throw err;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        // A HEAD answer has no body: a missing key is a bare 404.
        if (isMissing(err, 'NotFound') || isMissing(err, 'NoSuchKey')) return null;
        throw err;
      }
    },

    async delete(key) {
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async deleteFolder(folder) {
      const Prefix = `${keyOf(folder)}/`;
      // Each listed page (at most 1000 keys) is deleted in one request; the listing goes on from
      // the start, since what was deleted no longer shows.
      for (;;) {
        const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket, Prefix }));
        const Objects = Contents.flatMap(({ Key }) => (Key ? [{ Key }] : []));
        if (Objects.length === 0) return;
        const { Errors = [] } = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        if (Errors.length > 0)
          throw new Error(`S3 kept ${Errors.length} objects under ${Prefix}: ${Errors[0]?.Code}`);
      }
    },

    async signedUrl(key, seconds, headers = {}) {
      const command = new GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        ResponseContentType: headers.contentType,
        ResponseContentDisposition: headers.contentDisposition,
        ResponseCacheControl: headers.cacheControl,
      });
      const expiresIn = Math.max(1, Math.min(Math.floor(seconds), MAX_LINK_SECONDS));
      return getSignedUrl(client, command, { expiresIn });
    },

    async check() {
      // Fails on a wrong endpoint, wrong keys or a missing bucket alike.
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

function isMissing(err: unknown, name: string): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === name && e.$metadata?.httpStatusCode === 404;
}
