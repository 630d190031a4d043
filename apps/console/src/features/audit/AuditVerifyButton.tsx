import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { useLazyVerifyAuditQuery } from './auditApi.js';

/**
 * "Verifica integrità" (docs/audit.md): the server walks the whole hash chain again and says
 * whether it holds, and from which record it does not.
 */
export function AuditVerifyButton() {
  const [verify, { data, isFetching }] = useLazyVerifyAuditQuery();
  return (
    <>
      <Button variant="outlined" disabled={isFetching} onClick={() => void verify()}>
        <FormattedMessage id="audit.verify" />
      </Button>
      {data && !isFetching && (
        <Alert severity={data.ok ? 'success' : 'error'} role="status" sx={{ py: 0 }}>
          <FormattedMessage
            id={data.ok ? 'audit.verifyOk' : 'audit.verifyBad'}
            values={{ checked: data.checked, id: data.firstBadId ?? 0 }}
          />
        </Alert>
      )}
    </>
  );
}
