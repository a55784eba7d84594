import { Role, UserStatus } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { hashPassword } from '../../platform/password';
import { UserRepository } from './repository';

export const ROOT_USERNAME = 'root';
export const ROOT_DEFAULT_PASSWORD = '123456';
/** $200,000 at 500,000 quota per dollar. */
export const ROOT_INITIAL_QUOTA = 100_000_000_000;

/** On an empty `users` table, creates root / 123456 (role 100) so the console can be reached. */
export async function ensureRootUser(context: AppContext): Promise<boolean> {
  const users = new UserRepository(context.database);
  if ((await users.count()) > 0) return false;
  await users.insert({
    username: ROOT_USERNAME,
    display_name: 'Root User',
    password: await hashPassword(ROOT_DEFAULT_PASSWORD),
    role: Role.Root,
    status: UserStatus.Enabled,
    quota: ROOT_INITIAL_QUOTA,
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  });
  return true;
}
