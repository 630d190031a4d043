// The types of voice-ports.mjs.

/** `count` ports in a row, free in TCP and UDP, below the ephemeral range by `span`. */
export function freePortRun(count: number, span?: number): Promise<number>;

/** Kamailio's SIP port (SIP + 1 and + 2 free too) and rtpengine's `first-last` media range. */
export function voicePorts(rtpCount?: number): Promise<{ sipPort: number; rtpPorts: string }>;
