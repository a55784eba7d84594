import type { OptionsTable } from './options';
import type { UsersTable } from './users';

/** Every table Kysely knows; each area adds its table file here. */
export interface Tables {
  users: UsersTable;
  options: OptionsTable;
}
