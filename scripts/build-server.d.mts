// Types for build-server.mjs, for TypeScript callers outside e2e/ (the crash test starts the bundle).
export declare const serverBundle: string;
export declare const serverProcess: (env?: NodeJS.ProcessEnv | Record<string, string | undefined>) => {
  execArgv: string[];
  env: Record<string, string>;
};
export declare function newestMtime(dir: string): number;
export declare function serverBundleStale(): boolean;
export declare function buildServer(options?: { entry?: string; outfile?: string }): Promise<string>;
