/** A promise and the function that settles it: a test holds an answer until it says. */
export function deferred<T = void>() {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}
