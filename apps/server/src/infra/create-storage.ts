import type { Config } from '../config.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, type Storage } from './storage.js';

/** The configured store: S3 when the settings name a bucket, else the local folder. */
export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.filesDir);
}
