// baresip as a unit's speakerphone or a phone, and the WAV helpers: the server's voice tests' own.
export { Baresip } from '../../apps/server/test/voice/baresip.js';
export { sineWav, toneOf } from '../../apps/server/test/voice/tone.js';
// The SIP credentials a phone registers with: the server's own HMAC (SOS_VOICE_SECRET).
export { ephemeralCredentials } from '@sos/server/testing';
