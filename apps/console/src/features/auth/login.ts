import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AuthResponse, LoginRequest } from '@sos/contract';
import { API_PREFIX, PATHS } from '@sos/contract/paths';

/** How a refused or failed login is reported: the shape of an RTK Query error. */
export interface LoginFailure {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  data?: unknown;
  error?: string;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Sign-in (docs/console.md) with a plain fetch rather than an RTK Query endpoint: the login page
 * then loads neither RTK Query nor the API definitions. A failure is rejected with a value,
 * so the one error listener (store/listeners.ts) shows it like any other failed call; a
 * throttled login carries its Retry-After, so the message can say how long to wait.
 */
export const login = createAsyncThunk<AuthResponse, LoginRequest, { rejectValue: LoginFailure }>(
  'auth/login',
  async (credentials, { rejectWithValue }) => {
    let response: Response;
    try {
      response = await fetch(API_PREFIX + PATHS.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
        credentials: 'same-origin',
      });
    } catch (error) {
      return rejectWithValue({ status: 'FETCH_ERROR', error: String(error) });
    }
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      return rejectWithValue({ status: 'PARSING_ERROR', error: String(error) });
    }
    if (response.ok) return body as AuthResponse;
    const retryAfter = response.headers.get('retry-after');
    const data =
      response.status === 429 && retryAfter
        ? { ...(body as object), retryAfterS: Number(retryAfter) }
        : body;
    return rejectWithValue({ status: response.status, data });
  },
);
