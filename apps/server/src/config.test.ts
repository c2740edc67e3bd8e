import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('settings', () => {
  it('runs on embedded defaults with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, smtpUrl: undefined });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mailDir).toBe(path.join(config.dataDir, 'mail'));
  });

  it('stops with a message naming every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('takes PostgreSQL, SMTP and the public address from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://koma@db.example:5432/koma',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://koma.example/',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://koma@db.example:5432/koma',
      smtpUrl: 'smtp://mail.example:587',
      publicUrl: 'https://koma.example',
    });
  });

  it('keeps files on local disk without S3 settings, and in S3 with all of them', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'false', S3_BUCKET: '' }).s3).toBeNull();
    const s3 = {
      S3_ENDPOINT: 'https://s3.example:9000',
      S3_BUCKET: 'koma-files',
      S3_ACCESS_KEY_ID: 'AKIAKOMA',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'https://s3.example:9000',
      bucket: 'koma-files',
      region: 'us-east-1',
      accessKeyId: 'AKIAKOMA',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
    });
  });

  it('stops on a partial S3 setting, naming exactly the missing ones', () => {
    const partial = () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'AKIAKOMA' });
    expect(partial).toThrowError(/S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(partial).not.toThrowError(/S3_ENDPOINT|S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_BUCKET: 'koma' })).toThrowError(
      /S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() =>
      loadConfig({
        S3_ENDPOINT: 'not a url',
        S3_BUCKET: 'Bad_Bucket!',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrowError(/S3_ENDPOINT[\s\S]*S3_BUCKET[\s\S]*S3_FORCE_PATH_STYLE/);
  });
});
