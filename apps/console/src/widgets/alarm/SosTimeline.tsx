import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { SOS_OUTCOMES, type SosCall, type SosOutcome, type SosTimelineEntry } from '@sos/contract';
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { formatClock, formatDateTimeSeconds } from '../../lib/format.js';
import { useGetSosTimelineQuery } from '../../entities/sos/sosHandlingApi.js';
import { deviceEventWords } from './deviceWords.js';

const isOutcome = (code: string): code is SosOutcome =>
  (SOS_OUTCOMES as readonly string[]).includes(code);

/**
 * A CALL entry in the reader's language: who was called, the number, the result, then the
 * call's note (docs/call-out.md). An answered call through the console's softphone says which
 * way it went and how long it lasted instead of the result (docs/voice.md).
 */
function callText(call: SosCall, note: string | null, intl: IntlShape): ReactNode {
  const who =
    call.name ??
    intl.formatMessage({ id: call.to === 'DEVICE' ? 'voice.device' : 'call.resident' });
  const outcome =
    call.via === 'VOICE' && call.durationS !== null
      ? intl.formatMessage(
          { id: `voice.timeline.${call.direction}` },
          { time: formatClock(call.durationS) },
        )
      : intl.formatMessage({ id: `call.result.${call.result}` });
  return (
    <>
      {who} <bdi dir="ltr">{call.phone}</bdi>: {outcome}
      {note && <> — {note}</>}
    </>
  );
}

/** A CLOSED entry's text is the outcome code, then a line with the note (docs/alarm-handling.md). */
function entryText(entry: SosTimelineEntry, intl: IntlShape): ReactNode {
  if (entry.type === 'CALL' && entry.call) return callText(entry.call, entry.text, intl);
  // A device's words in the reader's language (docs/alarm-kinds.md "Device words").
  if (entry.type === 'DEVICE_EVENT' && entry.event) return deviceEventWords(entry.event, intl);
  if (entry.text === null || entry.type !== 'CLOSED') return entry.text;
  const [code = '', ...note] = entry.text.split('\n');
  const outcome = isOutcome(code) ? intl.formatMessage({ id: `outcome.${code}` }) : code;
  return [outcome, note.join('\n')].filter(Boolean).join(' — ');
}

/** The SOS's timeline, oldest first, live while shown (sosHandlingApi). */
export function SosTimeline({ sosId }: { sosId: number }) {
  const intl = useIntl();
  const { data, isLoading } = useGetSosTimelineQuery(sosId);
  if (isLoading) {
    return (
      <CircularProgress
        size={24}
        aria-label={intl.formatMessage({ id: 'alarm.timelineLoading' })}
      />
    );
  }
  return (
    <List dense disablePadding aria-label={intl.formatMessage({ id: 'alarm.timeline' })}>
      {(data ?? []).map((entry, index) => {
        const by =
          entry.by && intl.formatMessage({ id: 'alarm.by' }, { username: entry.by.username });
        const step = intl.formatMessage({ id: `alarm.step.${entry.type}` });
        const text = entryText(entry, intl);
        return (
          <ListItem key={`${entry.at}-${index}`} disableGutters>
            <ListItemText
              primary={[step, by].filter(Boolean).join(' ')}
              secondary={
                <>
                  <bdi dir="ltr">{formatDateTimeSeconds(entry.at)}</bdi>
                  {text && <> · {text}</>}
                </>
              }
              slotProps={{
                secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } },
              }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
