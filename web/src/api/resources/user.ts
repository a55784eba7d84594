import type {
  PageData,
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

/** One user as an administrator sees them (the edit panel, the log's user dialog). */
export const fetchUser = (id: number) => api.get<UserView>(`/api/user/${id}`);

export const createUser = (request: UserCreateRequest) => api.post<undefined>('/api/user/', request);

export const updateUser = (request: UserUpdateRequest) => api.put<undefined>('/api/user/', request);

export const manageUser = (id: number, action: UserManageAction) =>
  api.post<UserManageResult>('/api/user/manage', { id, action });
