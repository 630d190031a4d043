import { pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/** Calls whose VOICE_CALL audit record is written, by SIP Call-ID (docs/voice.md; migration 0011). */
export const voiceCalls = pgTable('voice_calls', {
  callId: text('call_id').primaryKey(),
  at: tstz('at').notNull().defaultNow(),
});
