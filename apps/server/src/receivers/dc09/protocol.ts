import type { Log } from '../../lib/log.js';
import type { ReceivedMessage, ReceiverAnswer, ReceiverProtocol, SignalSink } from '../signal.js';
import { ackFrame, duhFrame, nakFrame } from './answers.js';
import { openPayload, signalsOf } from './decode.js';
import { MAX_FRAME_BYTES, openEnvelope, splitFrames } from './frame.js';
import { isKnownToken, readHeader, type Dc09Header } from './header.js';
import { withinWindow } from './timestamp.js';
import { safeErrorMessage } from '../../lib/safe-error.js';

export interface Dc09Options {
  /** SOS_DC09_KEY as bytes (16/24/32): only encrypted frames; null: only plain ones. */
  key: Buffer | null;
  sink: SignalSink;
  log: Log;
  now?: () => Date;
}

type Transport = 'tcp' | 'udp';

/**
 * SIA DC-09 over the shared transport (docs/receivers.md). The checks run in the order the
 * answers are defined: envelope (silence), token and encryption (DUH), timestamp (NAK; a plain
 * frame's only when it has one), account and data (DUH); then the sink commits and only then ACK. A sink that
 * rejects leaves the device without answer: it retries, or reports to its backup receiver.
 */
export function createDc09Protocol(options: Dc09Options): ReceiverProtocol {
  const now = options.now ?? (() => new Date());
  const { key, sink, log } = options;

  function refuse(
    transport: Transport,
    reason: string,
    header: Dc09Header | null,
    bytes: Buffer | null,
  ): ReceiverAnswer {
    // Account and seq identify the device and the frame; never the key nor the data.
    log.warn(
      { protocol: 'DC09', transport, reason, account: header?.account, seq: header?.seq },
      `DC-09 frame refused: ${reason}`,
    );
    return { bytes, refused: true };
  }

  async function handle(frame: Buffer, transport: Transport): Promise<ReceiverAnswer> {
    const body = openEnvelope(frame);
    if (!body) return refuse(transport, 'bad CRC or length', null, null);
    const header = readHeader(body.toString('latin1'));
    if (!header || !isKnownToken(header.token))
      return refuse(transport, 'unknown token', header, duhFrame(header));
    if (header.encrypted !== (key !== null)) {
      const reason = key ? 'plain frame while a key is set' : 'encrypted frame without a key';
      return refuse(transport, reason, header, duhFrame(header));
    }
    const { rest } = header;
    if (rest === undefined || header.prefix === undefined || header.account === undefined) {
      return refuse(transport, 'incomplete header', header, duhFrame(header));
    }
    const payload = openPayload({ ...header, rest }, key);
    if (!payload)
      return refuse(transport, 'does not decrypt to readable content', header, duhFrame(header));
    // A timestamp is mandatory on an encrypted frame; on a plain one, when sent, it gets the
    // same window: a delayed or replayed alarm must not raise an SOS that is over.
    if (header.encrypted && !payload.timestamp)
      return refuse(transport, 'missing timestamp', header, nakFrame(now()));
    if (payload.timestamp && !withinWindow(payload.timestamp, now())) {
      return refuse(transport, 'stale timestamp', header, nakFrame(now()));
    }
    const account = header.account.toUpperCase();
    // The account inside the data must be the header's: a captured alarm is never re-attributed.
    if (payload.account !== null && payload.account !== account) {
      return refuse(transport, 'account inside differs from the header', header, duhFrame(header));
    }
    const signals = signalsOf(header.token, payload);
    if (!signals) return refuse(transport, 'unparsable data', header, duhFrame(header));
    const message: ReceivedMessage = {
      protocol: 'DC09',
      serial: `DC09-${header.prefix.toUpperCase()}-${account}`,
      displayName: `DC-09 ${account}`,
      repeatKey: `${header.token}/${header.seq ?? ''}/${payload.content}`,
      signals,
    };
    try {
      await sink.accept(message);
    } catch (err) {
      // A database error may quote the values it was given: never those.
      const reason = safeErrorMessage(err);
      log.warn(
        { protocol: 'DC09', transport, account, seq: header.seq, reason },
        'DC-09 frame not committed: no answer',
      );
      return { bytes: null, refused: true };
    }
    return { bytes: ackFrame(header, key, now()), refused: false };
  }

  return {
    name: 'DC09',
    maxMessageBytes: MAX_FRAME_BYTES,
    splitStream: splitFrames,
    async handle(frame, transport) {
      try {
        return await handle(frame, transport);
      } catch (err) {
        log.error(
          { protocol: 'DC09', transport, err },
          'DC-09 frame: unexpected failure, no answer',
        );
        return { bytes: null, refused: true };
      }
    },
  };
}
