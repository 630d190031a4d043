import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no object URLs: the sounds kept in memory (audioRuntime.ts) get a stand-in.
URL.createObjectURL ??= () => 'blob:kept-sound';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
