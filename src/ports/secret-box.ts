/** Symmetric encryption of secrets that must be used again (webhook signing secrets, bucket credentials). */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when `sealed` was not sealed with this key or was tampered with. */
  open(sealed: string): string;
}
