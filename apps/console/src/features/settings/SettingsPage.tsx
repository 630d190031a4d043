import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { API_KEY_STRONG_LENGTH, settingsFormSchema, type SettingsForm } from '@sos/contract';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks.js';
import { ROUTES } from '../../lib/routes.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { AlarmConfForm } from './AlarmConfForm.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { FormTextField } from '../../components/FormTextField.js';
import { PageHeader } from '../../components/PageHeader.js';
import { DeletedDevicesLink } from '../devices/DeletedDevicesLink.js';
import { ReceiversBlock } from './ReceiversBlock.js';
import { useGetApiKeyQuery, useSetApiKeyMutation } from './settingsApi.js';

/**
 * The device API key (docs/console.md /settings). Saving asks first: every device configured
 * with the old key loses its configuration.
 */
export default function SettingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data, isFetching } = useGetApiKeyQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setApiKey, { isLoading: saving }] = useSetApiKeyMutation();
  const [pending, setPending] = useState<SettingsForm | null>(null);
  const values = useMemo(() => (data ? { apiKey: data.apiKey } : undefined), [data]);
  const { control, handleSubmit } = useForm<SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: { apiKey: '' },
    values,
  });
  // Accepted from 4 characters (docs/console.md), but a short key is guessed: say so (docs/security.md).
  const typed = useWatch({ control, name: 'apiKey' }).trim().length;
  const weak = typed > 0 && typed < API_KEY_STRONG_LENGTH;

  const confirm = async () => {
    if (!pending) return;
    const result = await setApiKey(pending);
    setPending(null);
    if (!result.error)
      dispatch(showSnackbar({ type: 'success', messageId: 'apiKey_changed_success' }));
  };

  return (
    <>
      <PageHeader title="settings.title" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <form onSubmit={(e) => void handleSubmit(setPending)(e)} noValidate>
          <FormTextField
            control={control}
            name="apiKey"
            label="settings.apiKey"
            helperText={intl.formatMessage({ id: 'settings.apiKeyHelp' })}
            autoComplete="off"
            spellCheck={false}
            ltr
            required
            disabled={isFetching && !data}
            inputStyle={{ fontFamily: 'ui-monospace, monospace' }}
          />
          {weak && (
            <Alert severity="warning" role="status" sx={{ mt: 1 }}>
              <AlertTitle>{intl.formatMessage({ id: 'settings.weakKey' })}</AlertTitle>
              {intl.formatMessage({ id: 'settings.weakKeyHint' }, { n: API_KEY_STRONG_LENGTH })}
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
            <Button onClick={() => void navigate(ROUTES.sos)}>
              {intl.formatMessage({ id: 'cancel' })}
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {intl.formatMessage({ id: 'save' })}
            </Button>
          </Stack>
        </form>
      </Paper>
      <AlarmConfForm />
      <ReceiversBlock />
      <DeletedDevicesLink />
      <ConfirmDialog
        open={pending !== null}
        message="change_apiKey_alert_message"
        confirmLabel="change"
        busy={saving}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
