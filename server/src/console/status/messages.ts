import type { Text } from '../../platform/text';

export const statusMessages = {
  alreadySetUp: { zh: '系统已经初始化完成', en: 'The system is already set up' },
} satisfies Record<string, Text>;
