import type { Account, BillingStatus } from '../domain/account.js';
import type { Plan } from '../domain/plans.js';

export interface NewAccount {
  id: string;
  name: string;
  plan: Plan;
  monthlyQuotaOverride: number | null;
  rateLimitOverride: number | null;
  /** The webhook signing secret, already sealed (encrypted) by the caller. */
  webhookSecretSealed: string;
}

export interface AccountPatch {
  plan?: Plan;
  billing?: BillingStatus;
  monthlyQuotaOverride?: number | null;
  rateLimitOverride?: number | null;
}

export interface ApiKeyRecord {
  keyId: string;
  accountId: string;
  /** SHA-256 (hex) of the whole key. The key itself is never stored. */
  keyHash: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface AccountStore {
  createAccount(account: NewAccount): Promise<Account>;
  getAccount(accountId: string): Promise<Account | null>;
  updateAccount(accountId: string, patch: AccountPatch): Promise<Account | null>;
  /** The sealed webhook secrets of an account, newest first (more than one during a rotation overlap). */
  getWebhookSecrets(accountId: string): Promise<string[]>;
  /**
   * Adds a new sealed webhook secret, newest from now on, and lets every current secret expire at
   * `previousExpireAt` (ISO; one already expiring sooner keeps its time). Both in one transaction.
   * false when there is no such account.
   */
  rotateWebhookSecret(
    accountId: string,
    sealed: string,
    now: string,
    previousExpireAt: string,
  ): Promise<boolean>;
  addKey(key: { keyId: string; accountId: string; keyHash: string }): Promise<void>;
  /** The key record with this hash, revoked or not; null when unknown. */
  findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** false when there is no such key. */
  revokeKey(keyId: string): Promise<boolean>;
}
