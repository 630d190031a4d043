// Modules made by build/messagesPlugin.ts: one language's catalogue, precompiled to ICU AST.
declare module 'virtual:messages/*' {
  // An ambient module cannot import by relative path: an import type is the way in.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const messages: import('./localeResources.js').CompiledCatalogue;
  export default messages;
}

// The signed-in screens' catalogue (app/signedIn.catalogue.ts), same shape.
declare module 'virtual:signed-in-messages/*' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const messages: import('./localeResources.js').CompiledCatalogue;
  export default messages;
}
