/** Route paths of the console (spec §2). */
export const ROUTES = {
  login: '/login',
  sos: '/sos',
  users: '/users',
  newUser: '/user',
  editUser: '/user/:id',
  history: '/sos/history',
  settings: '/settings',
} as const;

export const editUserPath = (id: number | string) => `/user/${id}`;
