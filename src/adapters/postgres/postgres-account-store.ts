import type { Account, BillingStatus } from '../../domain/account.js';
import type { Plan } from '../../domain/plans.js';
import type { AccountPatch, AccountStore, ApiKeyRecord, NewAccount } from '../../ports/account-store.js';
import type { PostgresDatabase } from './postgres-database.js';
import { iso } from './postgres-database.js';

interface AccountRow {
  id: string;
  name: string;
  plan: string;
  billing: string;
  monthly_quota_override: number | null;
  rate_limit_override: number | null;
  created_at: Date;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    billing: row.billing as BillingStatus,
    monthlyQuotaOverride: row.monthly_quota_override,
    rateLimitOverride: row.rate_limit_override,
    createdAt: iso(row.created_at) ?? '',
  };
}

const PATCH_COLUMNS: [keyof AccountPatch, string][] = [
  ['plan', 'plan'],
  ['billing', 'billing'],
  ['monthlyQuotaOverride', 'monthly_quota_override'],
  ['rateLimitOverride', 'rate_limit_override'],
];

/** Accounts, API key hashes and sealed webhook secrets in PostgreSQL. */
export class PostgresAccountStore implements AccountStore {
  constructor(private readonly db: PostgresDatabase) {}

  async createAccount(a: NewAccount): Promise<Account> {
    const now = new Date().toISOString();
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<AccountRow>(
        `INSERT INTO accounts (id, name, plan, billing, monthly_quota_override, rate_limit_override, created_at)
         VALUES ($1, $2, $3, 'active', $4, $5, $6) RETURNING *`,
        [a.id, a.name, a.plan, a.monthlyQuotaOverride, a.rateLimitOverride, now],
      );
      await client.query(`INSERT INTO webhook_secrets (account_id, sealed, created_at) VALUES ($1, $2, $3)`, [
        a.id,
        a.webhookSecretSealed,
        now,
      ]);
      return toAccount(rows[0] as AccountRow);
    });
  }

  async getAccount(accountId: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>(`SELECT * FROM accounts WHERE id = $1`, [accountId]);
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async updateAccount(accountId: string, patch: AccountPatch): Promise<Account | null> {
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [key, column] of PATCH_COLUMNS) {
      if (patch[key] === undefined) continue;
      values.push(patch[key]);
      sets.push(`${column} = $${values.length}`);
    }
    if (sets.length === 0) return this.getAccount(accountId);
    values.push(accountId);
    const { rows } = await this.db.query<AccountRow>(
      `UPDATE accounts SET ${sets.join(', ')} WHERE id = $${values.length} RETURNING *`,
      values,
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async getWebhookSecrets(accountId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ sealed: string }>(
      `SELECT sealed FROM webhook_secrets WHERE account_id = $1 AND (expires_at IS NULL OR expires_at > now())
       ORDER BY created_at DESC, seq DESC`,
      [accountId],
    );
    return rows.map((r) => r.sealed);
  }

  rotateWebhookSecret(
    accountId: string,
    sealed: string,
    now: string,
    previousExpireAt: string,
  ): Promise<boolean> {
    return this.db.transaction(async (client) => {
      // The row lock serializes concurrent rotations of one account.
      const found = await client.query(`SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
      if (found.rowCount === 0) return false;
      await client.query(
        `UPDATE webhook_secrets SET expires_at = $1
         WHERE account_id = $2 AND (expires_at IS NULL OR expires_at > $1)`,
        [previousExpireAt, accountId],
      );
      await client.query(`INSERT INTO webhook_secrets (account_id, sealed, created_at) VALUES ($1, $2, $3)`, [
        accountId,
        sealed,
        now,
      ]);
      return true;
    });
  }

  async addKey(key: { keyId: string; accountId: string; keyHash: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES ($1, $2, $3, now())`,
      [key.keyId, key.accountId, key.keyHash],
    );
  }

  async findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<{
      id: string;
      account_id: string;
      key_hash: string;
      created_at: Date;
      revoked_at: Date | null;
    }>(`SELECT * FROM api_keys WHERE key_hash = $1`, [keyHash]);
    const row = rows[0];
    if (!row) return null;
    return {
      keyId: row.id,
      accountId: row.account_id,
      keyHash: row.key_hash,
      createdAt: iso(row.created_at) ?? '',
      revokedAt: iso(row.revoked_at),
    };
  }

  async revokeKey(keyId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1`,
      [keyId],
    );
    return (rowCount ?? 0) > 0;
  }
}
