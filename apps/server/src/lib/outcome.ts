/** What a device API write answers: whether it created the resource (201) or found it (200). */
export interface Outcome<T> {
  created: boolean;
  value: T;
}
