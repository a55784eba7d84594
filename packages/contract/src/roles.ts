/** User roles as stored in `users.role`. */
export const Role = {
  Guest: 0,
  Common: 1,
  Admin: 10,
  Root: 100,
} as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** User status as stored in `users.status`. */
export const UserStatus = {
  Enabled: 1,
  Disabled: 2,
} as const;

export const isAdmin = (role: number): boolean => role >= Role.Admin;
export const isRoot = (role: number): boolean => role >= Role.Root;
