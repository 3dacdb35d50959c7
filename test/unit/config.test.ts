import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

describe('loadConfig', () => {
  it('gives the contract defaults and freezes the result', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.jobRetryDelaysSeconds).toEqual([2, 8]);
    expect(config.webhookRetryScheduleSeconds).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(config.navigationTimeoutMs).toBe(30_000);
    expect(config.cacheTtlSeconds).toBe(86_400);
    expect(config.concurrency).toBeGreaterThanOrEqual(1);
    expect(config.retentionDays).toBe(30);
    expect(config.webhookConcurrency).toBe(4);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reports every problem at once and hides secret values', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        CONCURRENCY: '0',
        ALLOWED_PRIVATE_NETWORKS: 'nonsense',
        REDIS_URL: 'redis://:hunter2@x',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
    expect(problems.some((p) => p.startsWith('CONCURRENCY'))).toBe(true);
    expect(problems.some((p) => p.startsWith('ALLOWED_PRIVATE_NETWORKS'))).toBe(true);
    expect(problems.some((p) => p.includes('REDIS_URL and DATABASE_URL'))).toBe(true);
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('parses lists', () => {
    const config = loadConfig({
      ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32, 10.0.0.0/8',
      JOB_RETRY_DELAYS: '0,0',
    });
    expect(config.allowedPrivateNetworks).toEqual(['127.0.0.2/32', '10.0.0.0/8']);
    expect(config.jobRetryDelaysSeconds).toEqual([0, 0]);
  });

  it('reads RETENTION_DAYS (0 keeps everything) and WEBHOOK_CONCURRENCY, refusing what is out of range', () => {
    expect(loadConfig({ RETENTION_DAYS: '0', WEBHOOK_CONCURRENCY: '16' })).toMatchObject({
      retentionDays: 0,
      webhookConcurrency: 16,
    });
    let problems: string[] = [];
    try {
      loadConfig({ RETENTION_DAYS: '-1', WEBHOOK_CONCURRENCY: '0' });
    } catch (err) {
      problems = (err as ConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^WEBHOOK_CONCURRENCY: must be between 1 and 256/),
      expect.stringMatching(/^RETENTION_DAYS: must be between 0 and 36500/),
    ]);
  });

  it('starts scale-out without SECRET_KEY (the key is then kept in PostgreSQL)', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://db/shots' });
    expect(config.secretKey).toBeNull();
    expect(config.databaseUrl).toBe('postgres://db/shots');
  });

  it('wants REDIS_URL and DATABASE_URL together for the service, DATABASE_URL alone for accounts', () => {
    const problemsOf = (env: Record<string, string>, use?: 'service' | 'accounts'): string[] => {
      try {
        loadConfig(env, use ? { use } : {});
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    const database = { DATABASE_URL: 'postgres://u:pw@db/shots' };
    expect(problemsOf(database)).toEqual([expect.stringContaining('REDIS_URL and DATABASE_URL go together')]);
    expect(problemsOf(database, 'service')).toHaveLength(1);
    expect(problemsOf(database, 'accounts')).toEqual([]);
    expect(problemsOf({ ...database, REDIS_URL: 'redis://x' }, 'accounts')).toEqual([]);
    expect(problemsOf({ REDIS_URL: 'redis://:hunter2@x' }, 'accounts')).toEqual([
      expect.stringMatching(/^REDIS_URL is set without DATABASE_URL/),
    ]);
    expect(problemsOf({}, 'accounts')).toEqual([]);
  });
});
