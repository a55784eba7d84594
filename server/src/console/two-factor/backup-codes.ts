import { randomInt } from 'node:crypto';

export const BACKUP_CODE_COUNT = 4;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** One code: eight characters of A–Z0–9 shown as `XXXX-XXXX`. */
function newBackupCode(): string {
  const characters = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

export const newBackupCodes = (): string[] => Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);

/** The form that is hashed and compared: dashes and blanks removed, upper case. */
export const normaliseBackupCode = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

export const looksLikeBackupCode = (code: string): boolean => /^[A-Z0-9]{8}$/.test(normaliseBackupCode(code));
