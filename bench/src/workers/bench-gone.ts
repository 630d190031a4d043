// Preloaded into every process a bench starts with an IPC channel (lib/children.ts). The
// channel closes when the bench that started the process is gone (killed, crashed): a load
// generator left behind would go on at its full rate (1,667 heartbeats a second, to a server
// that is gone too) and load the machine under whatever is measured next. It exits instead.
process.on('disconnect', () => process.exit(0));
