// The types of fresh.mjs.

/** Whether `output` exists and is newer than every one of `inputs`. */
export function isFresh(output: string, inputs: string[]): boolean;
