/** The root administrator and alice, a common user, as the log and task pages' tests sign them in. */
export const adminUser = { id: 1, username: 'root', role: 100 };
export const commonUser = { id: 7, username: 'alice', role: 1 };
