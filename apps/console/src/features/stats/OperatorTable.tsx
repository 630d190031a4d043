import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SosStatsOperator } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useStatFormat } from './useStatFormat.js';

/** Who took in charge and closed how many SOS in the range, and how fast (by username). */
export function OperatorTable({ rows }: { rows: SosStatsOperator[] }) {
  const intl = useIntl();
  const { seconds } = useStatFormat();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }} id="stats-operators">
        <FormattedMessage id="stats.byOperator" />
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="stats-operators">
          <TableHead>
            <TableRow>
              <TableCell>
                <FormattedMessage id="stats.operator" />
              </TableCell>
              <TableCell align="right">
                <FormattedMessage id="stats.operatorAcknowledged" />
              </TableCell>
              <TableCell align="right">
                <FormattedMessage id="stats.operatorClosed" />
              </TableCell>
              <TableCell align="right">
                <FormattedMessage id="stats.medianAck" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <FormattedMessage id="stats.noOperators" />
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.username}>
                <TableCell>{row.username}</TableCell>
                <TableCell align="right">{intl.formatNumber(row.acknowledged)}</TableCell>
                <TableCell align="right">{intl.formatNumber(row.closed)}</TableCell>
                <TableCell align="right">{seconds(row.medianAckSeconds)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
