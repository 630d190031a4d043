/** Route paths of the console (docs/console.md): the contract's table, which the server serves too. */
export { CONSOLE_ROUTES as ROUTES, editUserPath } from '@sos/contract/paths';
