import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Employee } from '@sos/contract';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { editUserPath } from '../../lib/routes.js';

/** Username, Email, Ruolo, and the Edit and Delete actions (docs/console.md Users list). */
export function useUserColumns(onDelete: (user: Employee) => void): GridColDef<Employee>[] {
  const intl = useIntl();
  const navigate = useNavigate();
  return useMemo(
    () => [
      {
        field: 'username',
        headerName: intl.formatMessage({ id: 'users.username' }),
        flex: 1,
        minWidth: 110,
      },
      {
        field: 'email',
        headerName: intl.formatMessage({ id: 'users.email' }),
        flex: 1.5,
        minWidth: 150,
      },
      {
        field: 'role',
        headerName: intl.formatMessage({ id: 'shift.role' }),
        flex: 1,
        minWidth: 120,
        valueFormatter: (value: Employee['role']) =>
          intl.formatMessage({
            id: value === 'SUPER_ADMIN' ? 'shift.roleSuperAdmin' : 'shift.roleEmployee',
          }),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: intl.formatMessage({ id: 'users.actions' }),
        width: 100,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditOutlined />}
            label={intl.formatMessage({ id: 'users.editOf' }, { username: row.username })}
            onClick={() => void navigate(editUserPath(row.id))}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteOutlineOutlined color="error" />}
            label={intl.formatMessage({ id: 'users.deleteOf' }, { username: row.username })}
            onClick={() => onDelete(row)}
          />,
        ],
      },
    ],
    [intl, navigate, onDelete],
  );
}
