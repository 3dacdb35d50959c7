import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewAccount } from '../../src/ports/account-store.js';
import type { StoreFixture } from '../helpers/contract-adapters.js';
import { STORE_ADAPTERS } from '../helpers/contract-adapters.js';

function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const id = `acc_${randomBytes(8).toString('hex')}`;
  return {
    id,
    name: id,
    plan: 'STARTER',
    monthlyQuotaOverride: null,
    rateLimitOverride: null,
    webhookSecretSealed: 'sealed-1',
    ...overrides,
  };
}

describe.each(STORE_ADAPTERS)('AccountStore contract: $name', (adapter) => {
  let s: StoreFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('creates, reads and updates an account', async () => {
    const created = await s.accounts.createAccount(newAccount({ plan: 'GROWTH', rateLimitOverride: 7 }));
    expect(created).toMatchObject({
      plan: 'GROWTH',
      billing: 'active',
      monthlyQuotaOverride: null,
      rateLimitOverride: 7,
    });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
    expect(await s.accounts.getAccount(created.id)).toEqual(created);
    const updated = await s.accounts.updateAccount(created.id, {
      billing: 'lapsed',
      monthlyQuotaOverride: 5,
      plan: 'BUSINESS',
    });
    expect(updated).toMatchObject({
      plan: 'BUSINESS',
      billing: 'lapsed',
      monthlyQuotaOverride: 5,
      rateLimitOverride: 7,
    });
    expect(await s.accounts.updateAccount(created.id, {})).toEqual(updated);
    expect(await s.accounts.updateAccount(created.id, { rateLimitOverride: null })).toMatchObject({
      rateLimitOverride: null,
    });
    expect(await s.accounts.getAccount('acc_nobody')).toBeNull();
    expect(await s.accounts.updateAccount('acc_nobody', { plan: 'FREE' })).toBeNull();
  });

  it('finds keys by hash, revoked or not, and revokes once', async () => {
    const account = await s.accounts.createAccount(newAccount());
    await s.accounts.addKey({ keyId: 'key_1', accountId: account.id, keyHash: 'h1' });
    const found = await s.accounts.findKeyByHash('h1');
    expect(found).toMatchObject({ keyId: 'key_1', accountId: account.id, keyHash: 'h1', revokedAt: null });
    expect(await s.accounts.findKeyByHash('h2')).toBeNull();
    expect(await s.accounts.revokeKey('key_1')).toBe(true);
    const revokedAt = (await s.accounts.findKeyByHash('h1'))?.revokedAt;
    expect(revokedAt).not.toBeNull();
    expect(await s.accounts.revokeKey('key_1')).toBe(true);
    expect((await s.accounts.findKeyByHash('h1'))?.revokedAt).toBe(revokedAt);
    expect(await s.accounts.revokeKey('key_unknown')).toBe(false);
  });

  it('rotates webhook secrets: both sign during the overlap, newest first; then only the new one', async () => {
    const account = await s.accounts.createAccount(newAccount({ webhookSecretSealed: 'old' }));
    expect(await s.accounts.getWebhookSecrets(account.id)).toEqual(['old']);
    const now = new Date();
    const later = new Date(now.getTime() + 3600_000).toISOString();
    expect(await s.accounts.rotateWebhookSecret(account.id, 'new', now.toISOString(), later)).toBe(true);
    expect(await s.accounts.getWebhookSecrets(account.id)).toEqual(['new', 'old']);
    const past = new Date(now.getTime() - 1000).toISOString();
    expect(
      await s.accounts.rotateWebhookSecret(
        account.id,
        'newest',
        new Date(now.getTime() + 1).toISOString(),
        past,
      ),
    ).toBe(true);
    expect(await s.accounts.getWebhookSecrets(account.id)).toEqual(['newest']);
    expect(await s.accounts.rotateWebhookSecret('acc_nobody', 'x', now.toISOString(), later)).toBe(false);
  });
});
