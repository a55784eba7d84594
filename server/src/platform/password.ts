import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** Hashes with argon2id on libuv's thread pool, off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

/** Verifies argon2 hashes, and bcrypt hashes imported from the reference product. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith('$2')) return bcrypt.compare(password, stored);
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let unknownUserHash: Promise<string> | null = null;

/**
 * Spends the time of a real verification when there is no stored hash to check (unknown user), so
 * that the answer's timing does not tell which accounts exist. Always false.
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  unknownUserHash ??= hashPassword(`no user ${Math.random()}`);
  await verifyPassword(password, await unknownUserHash);
  return false;
}
