import { pushMessages } from './messages.js';

/** What build/messagesPlugin.ts compiles into `virtual:push-messages/<locale>`. */
export const messages = pushMessages;
