/** The newest modified time (mtimeMs) of `dir` and everything in it, folders included. */
export function newestModified(dir: string): number;
/** The project's root folder. */
export const root: string;
