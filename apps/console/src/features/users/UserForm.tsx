import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FORM_ERRORS, userFormSchema, type UserForm as UserValues } from '@sos/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { FormTextField } from '../../components/FormTextField.js';
import { PasswordField } from '../../components/PasswordField.js';
import { RoleField } from './RoleField.js';

type UserFormMode = 'create' | 'edit';
/** What a save may answer: a taken username is shown on its field. */
export type SaveOutcome = 'saved' | 'usernameTaken' | 'commonPassword' | 'failed';

interface Props {
  mode: UserFormMode;
  /** The loaded user in edit mode (password blank); undefined while loading. */
  initial?: UserValues;
  disabled?: boolean;
  /** Editing one's own account: the role cannot change. */
  ownAccount?: boolean;
  onSave: (values: UserValues) => Promise<SaveOutcome>;
  onCancel: () => void;
}

const EMPTY: UserValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'EMPLOYEE',
};

/** Username, email, password and its confirmation (docs/console.md, §5), Cancel and Save. */
export function UserForm({
  mode,
  initial,
  disabled = false,
  ownAccount = false,
  onSave,
  onCancel,
}: Props) {
  const intl = useIntl();
  const schema = useMemo(() => userFormSchema(mode), [mode]);
  const { control, handleSubmit, setError, formState } = useForm<UserValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    // The edit form fills in once the user arrives.
    values: initial,
  });
  const onSubmit = handleSubmit(async (values) => {
    const saved = await onSave(values);
    if (saved === 'usernameTaken') {
      setError('username', { message: 'error.usernameTaken' }, { shouldFocus: true });
    } else if (saved === 'commonPassword') {
      // The server keeps the list of common passwords (docs/security.md): the form says why.
      setError('password', { message: FORM_ERRORS.passwordCommon }, { shouldFocus: true });
    }
  });
  const busy = disabled || formState.isSubmitting;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      <FormTextField
        control={control}
        name="username"
        label="userForm.username"
        autoComplete="off"
        required
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name="email"
        label="userForm.email"
        type="email"
        autoComplete="off"
        required
        disabled={disabled}
      />
      <PasswordField
        control={control}
        name="password"
        label={mode === 'edit' ? 'userForm.newPassword' : 'userForm.password'}
        helperText={
          mode === 'edit' ? intl.formatMessage({ id: 'userForm.keepPassword' }) : undefined
        }
        autoComplete="new-password"
        required={mode === 'create'}
        disabled={disabled}
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="userForm.confirmPassword"
        autoComplete="new-password"
        required={mode === 'create'}
        disabled={disabled}
      />
      <RoleField control={control} disabled={disabled || ownAccount} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
        <Button onClick={onCancel}>{intl.formatMessage({ id: 'cancel' })}</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {intl.formatMessage({ id: 'save' })}
        </Button>
      </Stack>
    </form>
  );
}
