import { randomBytes } from 'node:crypto';
import type { Account, BillingStatus } from '../domain/account.js';
import { AppError } from '../domain/errors.js';
import type { Plan } from '../domain/plans.js';
import type { AccountStore } from '../ports/account-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import { bearerKey, hashApiKey, newApiKey, sameHash } from './api-keys.js';

export interface AccountDeps {
  accounts: AccountStore;
  secrets: SecretBox;
}

export interface CreatedAccount {
  accountId: string;
  apiKey: string;
  webhookSecret: string;
  plan: Plan;
}

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export async function createAccount(
  deps: AccountDeps,
  input: { plan: Plan; name?: string; monthlyQuota?: number; rateLimit?: number },
): Promise<CreatedAccount> {
  const accountId = `acc_${randomBytes(12).toString('base64url')}`;
  const webhookSecret = newWebhookSecret();
  await deps.accounts.createAccount({
    id: accountId,
    name: input.name ?? accountId,
    plan: input.plan,
    monthlyQuotaOverride: input.monthlyQuota ?? null,
    rateLimitOverride: input.rateLimit ?? null,
    webhookSecretSealed: deps.secrets.seal(webhookSecret),
  });
  const key = newApiKey();
  await deps.accounts.addKey({ keyId: key.keyId, accountId, keyHash: key.keyHash });
  return { accountId, apiKey: key.apiKey, webhookSecret, plan: input.plan };
}

export async function updateAccount(
  deps: AccountDeps,
  accountId: string,
  patch: { plan?: Plan; billing?: BillingStatus; monthlyQuota?: number; rateLimit?: number },
): Promise<Account> {
  const updated = await deps.accounts.updateAccount(accountId, {
    plan: patch.plan,
    billing: patch.billing,
    monthlyQuotaOverride: patch.monthlyQuota,
    rateLimitOverride: patch.rateLimit,
  });
  if (!updated) throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  return updated;
}

/** How long the previous webhook secret keeps signing after a rotation: 24 hours. */
export const WEBHOOK_SECRET_OVERLAP_SECONDS = 24 * 3600;

export interface RotatedWebhookSecret {
  accountId: string;
  /** The new `whsec_` secret; shown once. */
  webhookSecret: string;
  /** ISO time until which the previous secret(s) still sign, alongside the new one. */
  previousSecretsExpireAt: string;
}

/**
 * Issues a new webhook signing secret. Until `overlapSeconds` (default 24 h) have passed, every
 * delivery carries two signatures in `webhook-signature`, one per secret, so receivers can switch
 * without missing a webhook; after that only the new secret signs.
 */
export async function rotateWebhookSecret(
  deps: AccountDeps,
  accountId: string,
  options: { overlapSeconds?: number; now?: Date } = {},
): Promise<RotatedWebhookSecret> {
  const now = options.now ?? new Date();
  const overlapSeconds = options.overlapSeconds ?? WEBHOOK_SECRET_OVERLAP_SECONDS;
  const previousSecretsExpireAt = new Date(now.getTime() + overlapSeconds * 1000).toISOString();
  const webhookSecret = newWebhookSecret();
  const sealed = deps.secrets.seal(webhookSecret);
  if (
    !(await deps.accounts.rotateWebhookSecret(accountId, sealed, now.toISOString(), previousSecretsExpireAt))
  ) {
    throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  }
  return { accountId, webhookSecret, previousSecretsExpireAt };
}

export async function createKey(
  deps: AccountDeps,
  accountId: string,
): Promise<{ keyId: string; apiKey: string }> {
  if (!(await deps.accounts.getAccount(accountId)))
    throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  const key = newApiKey();
  await deps.accounts.addKey({ keyId: key.keyId, accountId, keyHash: key.keyHash });
  return { keyId: key.keyId, apiKey: key.apiKey };
}

export async function revokeKey(deps: AccountDeps, keyId: string): Promise<void> {
  if (!(await deps.accounts.revokeKey(keyId))) throw new AppError('NOT_FOUND', `No key ${keyId}.`);
}

const INVALID_KEY =
  'The API key is missing, malformed, unknown or revoked. Send Authorization: Bearer <API_KEY>.';

/** The account behind an `Authorization` header; 401 INVALID_API_KEY otherwise. */
export async function authenticate(
  deps: Pick<AccountDeps, 'accounts'>,
  header: string | undefined,
): Promise<Account> {
  const key = bearerKey(header);
  if (!key) throw new AppError('INVALID_API_KEY', INVALID_KEY);
  const hash = hashApiKey(key);
  const record = await deps.accounts.findKeyByHash(hash);
  if (!record || record.revokedAt !== null || !sameHash(record.keyHash, hash)) {
    throw new AppError('INVALID_API_KEY', INVALID_KEY);
  }
  const account = await deps.accounts.getAccount(record.accountId);
  if (!account) throw new AppError('INVALID_API_KEY', INVALID_KEY);
  return account;
}

/** 402 PAYMENT_REQUIRED when the account's subscription has lapsed. */
export function assertBillingActive(account: Account): void {
  if (account.billing !== 'active') {
    throw new AppError(
      'PAYMENT_REQUIRED',
      'The subscription has lapsed or its payment failed; renew it to submit captures.',
    );
  }
}
