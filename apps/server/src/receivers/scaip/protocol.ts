import {
  SinkUnavailableError,
  type ReceiverAnswer,
  type ReceiverProtocol,
  type SignalSink,
} from '../signal.js';
import { HBO_ADJUSTABLE, mreOf, toReceivedMessage, mrsBody } from './message.js';
import { parseMrq } from './mrq.js';
import {
  SIP_MAX_MESSAGE_BYTES,
  buildSipResponse,
  header,
  parseSipMessage,
  splitSipStream,
  transactionKey,
  type SipRequest,
} from './sip.js';
import { TransactionCache } from './transactions.js';

/**
 * SCAIP over SIP (docs/scaip.md): a MESSAGE carrying `<mrq>` is committed through the sink,
 * then answered 200 OK with `<mrs>`; errors in the document are 200 OK too, with their
 * `snu`; OPTIONS is 200; any other method 501; a database that cannot be reached, 503.
 */

const SCAIP_CONTENT_TYPE = 'application/scaip+xml';
const ALLOW = 'MESSAGE, OPTIONS';

export interface ScaipProtocolOptions {
  /** Told of a sink failure that is not the database being unreachable (a bug): never personal data. */
  onSinkError?: (error: unknown) => void;
  now?: () => number;
  /**
   * The heartbeat interval (s) a unit sending `<hbo>001</hbo>` is told in `<hbi>`: its
   * supervision (docs/expected-events.md). Unset: never told.
   */
  heartbeatInterval?: (serial: string) => Promise<number>;
  /** Voice is on (docs/voice.md): alarms are answered with `mre` 1 unless the unit calls back. */
  voice?: boolean;
}

interface Outcome {
  answer: ReceiverAnswer;
  /** False for an answer that committed nothing and should not stand for retransmissions. */
  remember: boolean;
}

function isScaipContent(request: SipRequest): boolean {
  const type = header(request, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === SCAIP_CONTENT_TYPE;
}

export function createScaipProtocol(
  sink: SignalSink,
  options: ScaipProtocolOptions = {},
): ReceiverProtocol {
  const transactions = new TransactionCache(options.now);

  const reply = (
    request: SipRequest,
    status: number,
    reason: string,
    refused: boolean,
    extra: [string, string][] = [],
  ): Outcome => ({
    answer: { bytes: buildSipResponse(request, status, reason, { extraHeaders: extra }), refused },
    remember: status < 500,
  });

  async function message(request: SipRequest): Promise<Outcome> {
    if (!isScaipContent(request)) {
      return reply(request, 415, 'Unsupported Media Type', true, [['Accept', SCAIP_CONTENT_TYPE]]);
    }
    const parsed = parseMrq(request.body);
    const mrs = (
      ref: string | null,
      snu: 0 | 2 | 3 | 7,
      mre: 0 | 1 = 0,
      hbi?: number,
    ): Outcome => ({
      answer: {
        bytes: buildSipResponse(request, 200, 'OK', {
          contentType: SCAIP_CONTENT_TYPE,
          body: mrsBody(ref, snu, mre, hbi),
        }),
        refused: snu !== 0,
      },
      remember: true,
    });
    if (!parsed.ok) return mrs(parsed.ref, parsed.snu);
    const received = toReceivedMessage(parsed.mrq);
    let hbi: number | undefined;
    try {
      await sink.accept(received);
      if (parsed.mrq.hbo === HBO_ADJUSTABLE && options.heartbeatInterval)
        hbi = await options.heartbeatInterval(received.serial);
    } catch (error) {
      if (!(error instanceof SinkUnavailableError)) options.onSinkError?.(error);
      // Nothing was committed: the unit must try again (or its backup receiver), so no 200.
      return reply(request, 503, 'Service Unavailable', true, [['Retry-After', '5']]);
    }
    return mrs(parsed.mrq.ref, 0, mreOf(parsed.mrq, options.voice === true), hbi);
  }

  async function answer(request: SipRequest): Promise<Outcome> {
    switch (request.method) {
      case 'MESSAGE':
        return message(request);
      case 'OPTIONS':
        return reply(request, 200, 'OK', false, [
          ['Allow', ALLOW],
          ['Accept', SCAIP_CONTENT_TYPE],
        ]);
      default:
        return reply(request, 501, 'Not Implemented', true, [['Allow', ALLOW]]);
    }
  }

  return {
    name: 'SCAIP',
    maxMessageBytes: SIP_MAX_MESSAGE_BYTES,
    splitStream: (buffered) => splitSipStream(buffered, SIP_MAX_MESSAGE_BYTES),
    async handle(bytes, transport) {
      const parsed = parseSipMessage(bytes, transport);
      if (parsed.kind === 'ignored') return { bytes: null, refused: true };
      const { request } = parsed;
      // An ACK is never answered (RFC 3261 §17.2.1); we never send a final answer to INVITE
      // other than 501, so this is the client closing that transaction.
      if (request.method === 'ACK') return { bytes: null, refused: false };
      if (parsed.kind === 'bad') return reply(request, 400, parsed.reason, true).answer;
      return transactions.answer(transactionKey(request), () =>
        answer(request).catch((error: unknown) => {
          options.onSinkError?.(error);
          return reply(request, 500, 'Server Internal Error', true);
        }),
      );
    },
  };
}
