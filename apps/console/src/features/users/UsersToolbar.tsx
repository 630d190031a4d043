import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { Toolbar } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../lib/routes.js';

/** The user grid's toolbar: the New user button (docs/console.md, labels 'Nuovo'/'Crea nuovo utente'). */
export function UsersToolbar() {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <Toolbar>
      <Tooltip title={intl.formatMessage({ id: 'users.createNew' })} describeChild>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={() => void navigate(ROUTES.newUser)}
        >
          {intl.formatMessage({ id: 'new' })}
        </Button>
      </Tooltip>
    </Toolbar>
  );
}
