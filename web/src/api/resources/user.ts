import type {
  PageData,
  SelfUpdateRequest,
  UserCreateRequest,
  UserManageAction,
  UserManageResult,
  UserUpdateRequest,
  UserView,
} from '@switchboard/contract';
import { api } from '../http-client';

/** Every user query starts with this key, so one invalidation refreshes the list and the edit panels. */
export const USERS_QUERY_KEY = ['users'] as const;

export interface UserListQuery {
  page: number;
  size: number;
  keyword?: string;
  group?: string;
}

/** `GET /api/user/`, or `/api/user/search` when a keyword or group is given. */
export function fetchUsers(query: UserListQuery): Promise<PageData<UserView>> {
  const keyword = query.keyword?.trim() ?? '';
  const group = query.group?.trim() ?? '';
  const paging = { p: query.page, page_size: query.size };
  if (keyword === '' && group === '') return api.get<PageData<UserView>>('/api/user/', { query: paging });
  return api.get<PageData<UserView>>('/api/user/search', { query: { ...paging, keyword, group } });
}

export const fetchUser = (id: number) => api.get<UserView>(`/api/user/${id}`);

export const createUser = (request: UserCreateRequest) => api.post<undefined>('/api/user/', request);

export const updateUser = (request: UserUpdateRequest) => api.put<undefined>('/api/user/', request);

export const manageUser = (id: number, action: UserManageAction) => api.post<UserManageResult>('/api/user/manage', { id, action });

export const fetchSelf = () => api.get<UserView>('/api/user/self');

/** The signed-in user saves username, display name and (with the current one) password through this call. */
export const updateSelf = (request: SelfUpdateRequest) => api.put<undefined>('/api/user/self', request);

/** `GET /api/group/`: group names for suggestions; an empty list when it cannot be read. */
export async function fetchGroupNames(): Promise<string[]> {
  try {
    const names = await api.get<unknown>('/api/group/', { quiet: true });
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
