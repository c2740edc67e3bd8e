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
});
