// Modules made by build/messagesPlugin.ts: one language's catalogue, precompiled to ICU AST.
declare module 'virtual:messages/*' {
  // An ambient module cannot import by relative path: an import type is the way in.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const messages: import('./localeResources.js').CompiledCatalogue;
  export default messages;
}

// The push feature's own catalogue (features/push/catalogue.ts), same shape.
declare module 'virtual:push-messages/*' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const messages: import('./localeResources.js').CompiledCatalogue;
  export default messages;
}
