import { describe, expect, it } from 'vitest';
import { configFromEnv, parseTrustProxy } from './config.ts';

describe('parseTrustProxy', () => {
  it('trusts no proxy unless told', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });
  it('takes true, a hop count, or a list of addresses', () => {
    const oneHop = parseTrustProxy('true') as (address: string, hop: number) => boolean;
    expect([0, 1].map((hop) => oneHop('10.0.0.1', hop))).toEqual([true, false]);
    const twoHops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});

describe('configFromEnv', () => {
  it('has the documented defaults', () => {
    const config = configFromEnv({});
    expect(config.port).toBe(8080);
    expect(config.adminToken).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.uploadsDir).toBe(`${config.dataDir}/videos`);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('assessment@localhost');
  });
  it('reads the object storage settings, with a default region', () => {
    expect(
      configFromEnv({
        S3_BUCKET: 'videos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'videos',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(configFromEnv({ S3_BUCKET: 'videos', S3_REGION: 'eu-west-3' }).s3).toEqual({
      bucket: 'videos',
      region: 'eu-west-3',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });
  it('refuses half a key pair, an endpoint that is not an address, and a flag that is not one', () => {
    expect(() => configFromEnv({ S3_BUCKET: 'videos', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => configFromEnv({ S3_BUCKET: 'videos', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => configFromEnv({ S3_BUCKET: 'videos', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
  it('refuses an ADMIN_TOKEN too short or too plain to withstand guessing, and keeps the API off without one', () => {
    expect(() => configFromEnv({ ADMIN_TOKEN: 'secret' })).toThrow(/ADMIN_TOKEN must be at least 32 characters/);
    expect(() => configFromEnv({ ADMIN_TOKEN: 'a'.repeat(40) })).toThrow(/ADMIN_TOKEN/);
    expect(configFromEnv({ ADMIN_TOKEN: '3f9c1e7a0b4d28c6e5f1a9b7d3c2e8f0' }).adminToken).toBe(
      '3f9c1e7a0b4d28c6e5f1a9b7d3c2e8f0',
    );
    expect(configFromEnv({ ADMIN_TOKEN: '' }).adminToken).toBeUndefined();
  });
  it('refuses a port that is not a port', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => configFromEnv({ PORT: '70000' })).toThrow(/PORT/);
  });
  it('reads the mail settings, and refuses a public address or a sender that is not one', () => {
    const config = configFromEnv({
      PUBLIC_URL: 'https://assess.example.com/',
      SMTP_URL: 'smtps://user:secret@smtp.example.com',
      MAIL_FROM: 'hiring@example.com',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://assess.example.com',
      smtpUrl: 'smtps://user:secret@smtp.example.com',
      mailFrom: 'hiring@example.com',
    });
    expect(() => configFromEnv({ PUBLIC_URL: 'assess.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => configFromEnv({ PUBLIC_URL: 'ftp://assess.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => configFromEnv({ MAIL_FROM: 'Hiring <hiring@example.com>' })).toThrow(/MAIL_FROM/);
  });
});
