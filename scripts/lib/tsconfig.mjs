// A tsconfig read as tsc reads it (extends, include, options), for the lint scripts that need
// a workspace's files or module resolution: one reading, so theirs cannot differ from tsc's.
import ts from 'typescript';

/** The parsed tsconfig at `path`; throws on a config tsc could not read. */
export function parseTsconfig(path) {
  return ts.getParsedCommandLineOfConfigFile(
    path,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
}
