import type { Text } from '../../platform/text';

/** The user administration's own messages (spec 000 §5, §6); username and password rules are in `../user/credentials`. */
export const userAdminMessages = {
  displayNameTooLong: { zh: '显示名称不能超过 {max} 个字符', en: 'The display name must not be longer than {max} characters' },
  groupRequired: { zh: '分组不能为空', en: 'Group cannot be empty' },
  groupTooLong: { zh: '分组名称最多 {max} 个字符', en: 'The group name can have at most {max} characters' },
  groupUnknown: {
    zh: '分组“{group}”不存在，请先在分组倍率中添加',
    en: 'The group "{group}" does not exist; add it to the group ratios first',
  },
  roleInvalid: { zh: '无效的用户角色', en: 'Invalid user role' },
  userNotFound: { zh: '用户不存在', en: 'User does not exist' },
  deregistered: { zh: '该用户已注销，无法操作', en: 'This user has been deregistered and cannot be changed' },
  sameOrHigherRole: {
    zh: '无权操作同权限等级或更高权限等级的用户',
    en: 'No permission to act on a user of the same or a higher role',
  },
  createSameOrHigherRole: {
    zh: '无法创建权限大于等于自己的用户',
    en: 'Cannot create a user whose role is the same as or higher than your own',
  },
  rootCannotBeDisabled: { zh: '无法禁用超级管理员用户', en: 'The super administrator cannot be disabled' },
  rootCannotBeDeleted: { zh: '无法删除超级管理员用户', en: 'The super administrator cannot be deleted' },
  rootCannotBeDemoted: { zh: '无法降级超级管理员用户', en: 'The super administrator cannot be demoted' },
  onlyRootPromotes: {
    zh: '普通管理员用户无法提升其他用户为管理员',
    en: 'Only the super administrator can promote users to administrator',
  },
  alreadyAdmin: { zh: '该用户已经是管理员', en: 'This user is already an administrator' },
  alreadyCommon: { zh: '该用户已经是普通用户', en: 'This user is already a normal user' },
  quotaNegative: { zh: '额度不能为负数', en: 'Quota cannot be negative' },
  quotaResultNegative: {
    zh: '增加额度后余额不能为负数（当前 {current}）',
    en: 'The quota after adding cannot be negative (currently {current})',
  },
} satisfies Record<string, Text>;
