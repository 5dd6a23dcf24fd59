/** Compiles `dir`/src into `dir`/dist unless it is unchanged; resolves to whether it compiled. */
export function serverBuild(dir?: string): Promise<boolean>;
