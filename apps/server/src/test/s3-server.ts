import fs from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import S3rver from 's3rver';
import type { S3Config } from '../config.js';
import { createS3Client } from '../infra/s3-storage.js';

export interface TestS3Server {
  /** Settings for the server's bucket, as config.s3 takes them. */
  config: S3Config;
  client: S3Client;
  /** The S3 operations received so far, oldest first ('PutObject', 'UploadPart'…). */
  operations: string[];
  /** Every object key in the bucket, sorted. */
  objectKeys(): Promise<string[]>;
  /** The ids of multipart uploads started and neither completed nor aborted. */
  pendingUploads(): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver keeps an unfinished multipart upload as a folder of parts under this one.
const UPLOADS_FOLDER = '._S3rver_uploads';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * A real S3-compatible server (s3rver) on a free port of 127.0.0.1, storing into a temp folder,
 * with one empty private bucket. Two things S3 does and s3rver does not are added in front of it:
 * AbortMultipartUpload (it drops the upload's parts), so that tests see an aborted upload leave
 * nothing behind; and the check of presigned GET links (s3rver checks their expiry but not their
 * signature) with the refusal of anonymous reads, so that tests see a link work for its key only.
 */
export async function startS3Server(bucket = 'koma-files'): Promise<TestS3Server> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-s3-'));
  const s3rver = new S3rver({ directory: dir, silent: true });
  const handle = s3rver.callback();
  const operations: string[] = [];
  let client: S3Client | undefined;
  const server = createServer((req, res) => {
    operations.push(operationOf(req));
    const answer = async () =>
      (await abortMultipartUpload(path.join(dir, bucket, UPLOADS_FOLDER), req, res)) ||
      (client !== undefined && (await refuseUnsignedReads(client, bucket, req, res))) ||
      handle(req, res);
    answer().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // The key pair s3rver accepts.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  client = createS3Client(config);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    config,
    client,
    operations,
    async objectKeys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys.sort();
    },
    async pendingUploads() {
      return (await fs.readdir(path.join(dir, bucket, UPLOADS_FOLDER)).catch(() => [])).sort();
    },
    async close() {
      client?.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Answers `DELETE /<bucket>/<key>?uploadId=…` for the one bucket; false for any other request. */
async function abortMultipartUpload(
  uploadsDir: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3');
  const uploadId = url.searchParams.get('uploadId');
  if (req.method !== 'DELETE' || uploadId === null) return false;
  const folder = path.join(uploadsDir, uploadId);
  const known = UPLOAD_ID.test(uploadId) && (await fs.stat(folder).catch(() => null))?.isDirectory();
  if (!known) {
    res.writeHead(404, { 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code></Error>');
    return true;
  }
  await fs.rm(folder, { recursive: true, force: true });
  res.writeHead(204).end();
  return true;
}

/** The name of the S3 operation a request is, as far as the tests need to tell them apart. */
function operationOf(req: IncomingMessage): string {
  const url = new URL(req.url ?? '/', 'http://s3');
  const has = (name: string) => url.searchParams.has(name);
  const object = url.pathname.split('/').filter(Boolean).length > 1;
  if (req.method === 'POST' && has('uploads')) return 'CreateMultipartUpload';
  if (req.method === 'PUT' && has('uploadId')) return 'UploadPart';
  if (req.method === 'POST' && has('uploadId')) return 'CompleteMultipartUpload';
  if (req.method === 'DELETE' && has('uploadId')) return 'AbortMultipartUpload';
  const names: Record<string, string> = object
    ? { PUT: 'PutObject', GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }
    : { PUT: 'CreateBucket', GET: 'ListObjects', HEAD: 'HeadBucket', DELETE: 'DeleteBucket' };
  return names[req.method ?? ''] ?? `${req.method} ${url.pathname}`;
}

/** The query parameters a presigned GET may carry to set the answer's headers, by SDK field. */
const RESPONSE_PARAMS = {
  'response-content-type': 'ResponseContentType',
  'response-content-disposition': 'ResponseContentDisposition',
  'response-cache-control': 'ResponseCacheControl',
  'response-content-language': 'ResponseContentLanguage',
  'response-content-encoding': 'ResponseContentEncoding',
} as const;

/**
 * Answers 403 to an object read that is neither signed in its headers nor by a valid presigned
 * query (signed again here for the same key, date, lifetime and response headers, and compared);
 * false when the request may go on to s3rver, which checks the expiry.
 */
async function refuseUnsignedReads(
  client: S3Client,
  bucket: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3');
  const prefix = `/${bucket}/`;
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.pathname.startsWith(prefix)) return false;
  if (req.headers.authorization) return false;
  const q = url.searchParams;
  const given = q.get('X-Amz-Signature');
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(q.get('X-Amz-Date') ?? '');
  let valid = false;
  if (given && date) {
    const [, y, mo, d, h, mi, sec] = date;
    const signingDate = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}Z`);
    const input: Record<string, string> = {
      Bucket: bucket,
      Key: decodeURIComponent(url.pathname.slice(prefix.length)),
    };
    for (const [param, field] of Object.entries(RESPONSE_PARAMS)) {
      const value = q.get(param);
      if (value !== null) input[field] = value;
    }
    const expected = await getSignedUrl(client, new GetObjectCommand(input as never), {
      signingDate,
      expiresIn: Number(q.get('X-Amz-Expires')),
    });
    valid = new URL(expected).searchParams.get('X-Amz-Signature') === given;
  }
  if (valid) return false;
  res.writeHead(403, { 'content-type': 'application/xml' });
  res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code></Error>');
  return true;
}
