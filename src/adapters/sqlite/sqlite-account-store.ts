import type { Account, BillingStatus } from '../../domain/account.js';
import type { Plan } from '../../domain/plans.js';
import type { AccountPatch, AccountStore, ApiKeyRecord, NewAccount } from '../../ports/account-store.js';
import type { SqliteDatabase } from './database.js';
import { prepared } from './database.js';

interface AccountRow {
  id: string;
  name: string;
  plan: string;
  billing: string;
  monthly_quota_override: number | null;
  rate_limit_override: number | null;
  created_at: string;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    billing: row.billing as BillingStatus,
    monthlyQuotaOverride: row.monthly_quota_override,
    rateLimitOverride: row.rate_limit_override,
    createdAt: row.created_at,
  };
}

/** Accounts, API key hashes and sealed webhook secrets in the SQLite file. */
export class SqliteAccountStore implements AccountStore {
  constructor(private readonly db: SqliteDatabase) {}

  createAccount(a: NewAccount): Promise<Account> {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      prepared(
        this.db,
        `INSERT INTO accounts (id, name, plan, billing, monthly_quota_override, rate_limit_override, created_at)
           VALUES (?, ?, ?, 'active', ?, ?, ?)`,
      ).run(a.id, a.name, a.plan, a.monthlyQuotaOverride, a.rateLimitOverride, now);
      prepared(this.db, `INSERT INTO webhook_secrets (account_id, sealed, created_at) VALUES (?, ?, ?)`).run(
        a.id,
        a.webhookSecretSealed,
        now,
      );
    })();
    return this.getAccount(a.id).then((acc) => acc as Account);
  }

  getAccount(accountId: string): Promise<Account | null> {
    const row = prepared(this.db, `SELECT * FROM accounts WHERE id = ?`).get(accountId) as
      AccountRow | undefined;
    return Promise.resolve(row ? toAccount(row) : null);
  }

  updateAccount(accountId: string, patch: AccountPatch): Promise<Account | null> {
    const sets: string[] = [];
    const values: unknown[] = [];
    const columns: [keyof AccountPatch, string][] = [
      ['plan', 'plan'],
      ['billing', 'billing'],
      ['monthlyQuotaOverride', 'monthly_quota_override'],
      ['rateLimitOverride', 'rate_limit_override'],
    ];
    for (const [key, column] of columns) {
      if (patch[key] === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(patch[key]);
    }
    if (sets.length > 0) {
      prepared(this.db, `UPDATE accounts SET ${sets.join(', ')} WHERE id = ?`).run(...values, accountId);
    }
    return this.getAccount(accountId);
  }

  getWebhookSecrets(accountId: string): Promise<string[]> {
    const rows = prepared(
      this.db,
      `SELECT sealed FROM webhook_secrets WHERE account_id = ? AND (expires_at IS NULL OR expires_at > ?)
         ORDER BY created_at DESC, rowid DESC`,
    ).all(accountId, new Date().toISOString()) as { sealed: string }[];
    return Promise.resolve(rows.map((r) => r.sealed));
  }

  rotateWebhookSecret(
    accountId: string,
    sealed: string,
    now: string,
    previousExpireAt: string,
  ): Promise<boolean> {
    const rotate = this.db.transaction((): boolean => {
      if (!prepared(this.db, `SELECT 1 FROM accounts WHERE id = ?`).get(accountId)) return false;
      prepared(
        this.db,
        `UPDATE webhook_secrets SET expires_at = ?
           WHERE account_id = ? AND (expires_at IS NULL OR expires_at > ?)`,
      ).run(previousExpireAt, accountId, previousExpireAt);
      prepared(this.db, `INSERT INTO webhook_secrets (account_id, sealed, created_at) VALUES (?, ?, ?)`).run(
        accountId,
        sealed,
        now,
      );
      return true;
    });
    return Promise.resolve(rotate.immediate());
  }

  addKey(key: { keyId: string; accountId: string; keyHash: string }): Promise<void> {
    prepared(this.db, `INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (?, ?, ?, ?)`).run(
      key.keyId,
      key.accountId,
      key.keyHash,
      new Date().toISOString(),
    );
    return Promise.resolve();
  }

  findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = prepared(this.db, `SELECT * FROM api_keys WHERE key_hash = ?`).get(keyHash) as
      | { id: string; account_id: string; key_hash: string; created_at: string; revoked_at: string | null }
      | undefined;
    if (!row) return Promise.resolve(null);
    return Promise.resolve({
      keyId: row.id,
      accountId: row.account_id,
      keyHash: row.key_hash,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
    });
  }

  revokeKey(keyId: string): Promise<boolean> {
    const info = prepared(
      this.db,
      `UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?`,
    ).run(new Date().toISOString(), keyId);
    return Promise.resolve(info.changes > 0);
  }
}
