import Paper from '@mui/material/Paper';
import { COMMON_PASSWORD_MESSAGE, type UserForm as UserValues } from '@sos/contract';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { selectSession } from '../../store/authSlice.js';
import { errorCodeOf } from '../../store/errors.js';
import { ROUTES } from '../../lib/routes.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { PageHeader } from '../../components/PageHeader.js';
import { UserForm, type SaveOutcome } from './UserForm.js';
import { useCreateUserMutation, useGetUserQuery, useUpdateUserMutation } from './usersApi.js';

const outcome = (result: { error?: unknown }): SaveOutcome => {
  if (!result.error) return 'saved';
  if (errorCodeOf(result.error) === 'USERNAME_TAKEN') return 'usernameTaken';
  const message = (result.error as { data?: { message?: unknown } }).data?.message;
  return message === COMMON_PASSWORD_MESSAGE ? 'commonPassword' : 'failed';
};

/** Create (/user) or edit (/user/{id}) a user (docs/console.md); a bad id goes back to the list. */
export default function UserFormPage() {
  const { id } = useParams();
  if (id === undefined) return <UserFormScreen key="new" />;
  const userId = Number(id);
  if (!Number.isInteger(userId) || userId <= 0) return <Navigate to={ROUTES.users} replace />;
  return <UserFormScreen key={userId} userId={userId} />;
}

function UserFormScreen({ userId }: { userId?: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mode = userId === undefined ? 'create' : 'edit';
  const { data: user, isFetching } = useGetUserQuery(userId ?? 0, {
    skip: userId === undefined,
    refetchOnMountOrArgChange: true,
  });
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const backToList = () => void navigate(ROUTES.users);
  const ownId = useAppSelector(selectSession)?.id;

  const save = async ({ username, email, password, role }: UserValues): Promise<SaveOutcome> => {
    const result =
      userId === undefined
        ? await createUser({ username, email, password, role })
        : await updateUser({
            id: userId,
            username,
            email,
            role,
            ...(password ? { password } : {}),
          });
    const saved = outcome(result);
    if (saved !== 'saved') return saved;
    dispatch(
      userId === undefined
        ? showSnackbar({ type: 'success', messageId: 'user_created_success' })
        : showSnackbar({
            type: 'success',
            messageId: 'user_updated_success',
            values: { username },
          }),
    );
    backToList();
    return saved;
  };

  // The password is never loaded: edit mode starts with it blank (docs/console.md).
  const initial = useMemo(
    () =>
      user && {
        username: user.username,
        email: user.email,
        password: '',
        confirmPassword: '',
        role: user.role,
      },
    [user],
  );
  return (
    <>
      <PageHeader title={mode === 'create' ? 'userForm.createTitle' : 'userForm.editTitle'} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <UserForm
          mode={mode}
          initial={initial}
          disabled={mode === 'edit' && (isFetching || !user)}
          ownAccount={userId !== undefined && userId === ownId}
          onSave={save}
          onCancel={backToList}
        />
      </Paper>
    </>
  );
}
