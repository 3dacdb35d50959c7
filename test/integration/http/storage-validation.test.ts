import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';

// A custom bucket that can never work is refused at submit, naming the field, instead of spending
// three attempts on InvalidBucketName or ENOTFOUND.

let api: TestApi;
let key: string;

beforeAll(async () => {
  api = await startTestApi();
  key = (await api.account('BUSINESS')).apiKey;
});
afterAll(async () => {
  await api.close();
});

const storage = (overrides: Record<string, string>) => ({
  url: 'http://127.0.0.2:9/page',
  storage: {
    bucket: 'customer-shots',
    region: 'eu-west-1',
    accessKeyId: 'AKIA',
    secretAccessKey: 's3cr3t',
    ...overrides,
  },
});

async function fieldsOf(body: unknown): Promise<{ status: number; fields: string[] }> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { authorization: `Bearer ${key}` },
    payload: body as Record<string, unknown>,
  });
  const errors = res.json<{ errors?: { field: string }[] }>().errors ?? [];
  return { status: res.statusCode, fields: errors.map((e) => e.field) };
}

describe('custom storage validation', () => {
  it('accepts a valid bucket and region', async () => {
    expect((await fieldsOf(storage({}))).status).toBe(202);
    expect((await fieldsOf(storage({ bucket: 'my.bucket-2', region: 'ap-southeast-2' }))).status).toBe(202);
  });

  it.each([
    ['127.0.0.1:40333', 'storage.bucket'],
    ['x@host#', 'storage.bucket'],
    ['../../etc', 'storage.bucket'],
    ['Upper-Case', 'storage.bucket'],
    ['ab', 'storage.bucket'],
    ['192.168.1.10', 'storage.bucket'],
    ['two..dots', 'storage.bucket'],
    ['xn--punycode', 'storage.bucket'],
  ])('refuses the bucket %s', async (bucket, field) => {
    expect(await fieldsOf(storage({ bucket }))).toEqual({ status: 400, fields: [field] });
  });

  it.each(['us-east-1@evil', 'eu/west', 'us:east', 'eu west'])('refuses the region %s', async (region) => {
    expect(await fieldsOf(storage({ region }))).toEqual({ status: 400, fields: ['storage.region'] });
  });
});
