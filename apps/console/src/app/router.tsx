import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageFallback } from '../components/PageFallback.js';
import { RequireRole, RequireSession, SignedOutOnly } from './guards.js';
import { ROUTES } from '../lib/routes.js';

/**
 * React.lazy, plus `preload()`: once that has loaded the module, the first render shows
 * the screen at once (React takes a thenable that resolves synchronously) instead of a
 * frame of the fallback spinner.
 */
function preloadable<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const resolved = (module: { default: T }) =>
    ({ then: (onLoaded: (m: { default: T }) => void) => onLoaded(module) }) as unknown as Promise<{
      default: T;
    }>;
  return Object.assign(
    lazy(() => (loaded ? resolved(loaded) : preload())),
    { preload },
  );
}

// One chunk per screen: the login page loads neither the layout, the DataGrid nor the
// admin screens.
export const LoginPage = preloadable(() => import('../features/auth/LoginPage.js'));
const MainLayout = lazy(() => import('../shell/layout/MainLayout.js'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.js'));
const UsersPage = lazy(() => import('../features/users/UsersPage.js'));
const UserFormPage = lazy(() => import('../features/users/UserFormPage.js'));
const HistoryPage = lazy(() => import('../features/history/HistoryPage.js'));
const StatsPage = lazy(() => import('../features/stats/StatsPage.js'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.js'));
const DeletedDevicesPage = lazy(() => import('../features/devices/DeletedDevicesPage.js'));
const AuditPage = lazy(() => import('../features/audit/AuditPage.js'));

/** The routes of docs/console.md. */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      {
        path: ROUTES.login,
        element: (
          <SignedOutOnly>
            <LoginPage />
          </SignedOutOnly>
        ),
      },
      {
        element: (
          <RequireSession>
            <MainLayout />
          </RequireSession>
        ),
        children: [
          { path: ROUTES.sos, element: <DashboardPage /> },
          {
            element: <RequireRole role="SUPER_ADMIN" />,
            children: [
              { path: ROUTES.users, element: <UsersPage /> },
              { path: ROUTES.newUser, element: <UserFormPage /> },
              { path: ROUTES.editUser, element: <UserFormPage /> },
              { path: ROUTES.history, element: <HistoryPage /> },
              { path: ROUTES.stats, element: <StatsPage /> },
              { path: ROUTES.settings, element: <SettingsPage /> },
              { path: ROUTES.deletedDevices, element: <DeletedDevicesPage /> },
              { path: ROUTES.audit, element: <AuditPage /> },
            ],
          },
        ],
      },
      // Any unknown path goes to login (docs/console.md), which sends a signed-in user to /sos.
      { path: '*', element: <Navigate to={ROUTES.login} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
