/** Symmetric encryption of secrets that must be used again (webhook signing secrets, bucket credentials, capture headers and cookies). */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when `sealed` was not sealed with this key or was tampered with. */
  open(sealed: string): string;
  /**
   * A keyed digest of `plain` (HMAC with a key of its own): equal for equal secrets, and telling
   * nothing about them to whoever lacks the service's key (e.g. for a cache key).
   */
  digest(plain: string): string;
}
