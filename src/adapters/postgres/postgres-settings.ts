import type { PostgresDatabase } from './postgres-database.js';

/** Named values shared by every process of a deployment (table `settings`), set once and then read. */
export class PostgresSettings {
  constructor(private readonly db: PostgresDatabase) {}

  /**
   * The value of `name`. When it has none yet, `candidate()` becomes its value, unless another
   * process set one first: then that one is returned. Race-free between any number of processes
   * (an insert that conflicts waits for the other's commit, and the read after it sees that row).
   */
  /** The value of `name`, or null while it has none. */
  async get(name: string): Promise<string | null> {
    const row = await this.db.query<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]);
    return row.rows[0]?.value ?? null;
  }

  /** True when the deployment holds any account (and so secrets sealed with some key). */
  async anyAccount(): Promise<boolean> {
    const row = await this.db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM accounts) AS found');
    return row.rows[0]?.found === true;
  }

  async getOrInit(name: string, candidate: () => string): Promise<string> {
    await this.db.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      candidate(),
    ]);
    const row = await this.db.query<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]);
    const value = row.rows[0]?.value;
    if (value === undefined) throw new Error(`setting ${name} vanished while it was being read`);
    return value;
  }
}
