import type { Employee } from '@sos/contract';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { AppDataGrid } from '../../components/AppDataGrid.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useDeleteUserMutation, useGetUsersQuery } from './usersApi.js';
import { UsersToolbar } from './UsersToolbar.js';
import { useUserColumns } from './useUserColumns.js';

/** The user list (docs/console.md /users); loads on every entry. */
export default function UsersPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: users = [], isFetching } = useGetUsersQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [pending, setPending] = useState<Employee | null>(null);
  const columns = useUserColumns(useCallback((user: Employee) => setPending(user), []));

  const confirmDelete = async () => {
    if (!pending) return;
    const result = await deleteUser(pending.id);
    setPending(null);
    if (!('error' in result)) {
      dispatch(showSnackbar({ type: 'success', messageId: 'user_deleted_success' }));
    }
  };

  return (
    <>
      <PageHeader title="users.title" />
      <AppDataGrid<Employee>
        rows={users}
        columns={columns}
        loading={isFetching}
        showToolbar
        slots={{ toolbar: UsersToolbar }}
        aria-label={intl.formatMessage({ id: 'users.title' })}
      />
      <ConfirmDialog
        open={pending !== null}
        message="delete_user_alert_message"
        detail={pending?.username}
        confirmLabel="delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
