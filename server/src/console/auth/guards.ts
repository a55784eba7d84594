import { Role } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { requireRole } from './authenticate';

/** The three guard levels of the console: user (role ≥ 1), admin (≥ 10), root (≥ 100). */
export function createGuards(context: AppContext) {
  return {
    user: requireRole(context, Role.Common),
    admin: requireRole(context, Role.Admin),
    root: requireRole(context, Role.Root),
  };
}

export type Guards = ReturnType<typeof createGuards>;
