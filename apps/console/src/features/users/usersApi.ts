import type { CreateEmployeeRequest, Employee, UpdateEmployeeRequest } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

const LIST = { type: 'User', id: 'LIST' } as const;
const byId = (id: number) => `${PATHS.employee}/${id}`;

/** User management calls (docs/console.md /employee). */
const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<Employee[], void>({
      query: () => PATHS.employee,
      providesTags: (users = []) => [
        LIST,
        ...users.map(({ id }) => ({ type: 'User' as const, id })),
      ],
    }),
    getUser: build.query<Employee, number>({
      query: byId,
      providesTags: (_user, _error, id) => [{ type: 'User', id }],
    }),
    createUser: build.mutation<Employee, CreateEmployeeRequest>({
      query: (body) => ({ url: PATHS.employee, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateUser: build.mutation<Employee, UpdateEmployeeRequest & { id: number }>({
      query: (body) => ({ url: byId(body.id), method: 'PATCH', body }),
      invalidatesTags: (_user, _error, { id }) => [LIST, { type: 'User', id }],
    }),
    deleteUser: build.mutation<null, number>({
      query: (id) => ({ url: byId(id), method: 'DELETE' }),
      // The list reloads after a delete (docs/console.md).
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'User', id }]),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
} = usersApi;
