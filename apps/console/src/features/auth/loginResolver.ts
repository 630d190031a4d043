import type { LoginForm } from '@sos/contract';
import type { Resolver } from 'react-hook-form';

let loading: Promise<Resolver<LoginForm>> | null = null;

/**
 * Starts loading the contract's login schema (zod and its resolver): the first keystroke
 * calls it, so the login screen's first paint downloads none of it.
 */
export function preloadLoginResolver(): Promise<Resolver<LoginForm>> {
  loading ??= Promise.all([import('@hookform/resolvers/zod'), import('@sos/contract')]).then(
    ([{ zodResolver }, { loginFormSchema }]) => zodResolver(loginFormSchema),
  );
  return loading;
}

/** zodResolver(loginFormSchema), loaded on first use: the same schema as the server's form rules. */
export const loginResolver: Resolver<LoginForm> = async (values, context, options) =>
  (await preloadLoginResolver())(values, context, options);
