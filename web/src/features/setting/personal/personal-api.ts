import type { UserView } from '@switchboard/contract';
import { api } from '../../../api/http-client';

export const SELF_QUERY_KEY = ['user', 'self'] as const;

export const fetchSelf = () => api.get<UserView>('/api/user/self');
