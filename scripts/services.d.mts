// Types of scripts/services.mjs for the TypeScript that imports it (Vitest's global setup, the bench).

/** The settings the API reads, for the servers that were started (a type, so it passes as an env). */
export type ServicesEnv = {
  DATABASE_URL?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: string;
  REDIS_URL?: string;
};

/** One running server; `stop()` then `start()` brings it back on the same port with its data. */
export interface ServiceHandle<Env> {
  readonly env: Env;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Services {
  /** The temporary folder holding every server's data; removed by `stop()`. */
  readonly dir: string;
  readonly env: ServicesEnv;
  readonly postgres?: ServiceHandle<{ DATABASE_URL: string }>;
  readonly s3?: ServiceHandle<Required<Omit<ServicesEnv, 'DATABASE_URL' | 'REDIS_URL'>>>;
  readonly redis?: ServiceHandle<{ REDIS_URL: string }>;
  stop(): Promise<void>;
}

export const S3_BUCKET: string;

export function startServices(options?: {
  postgres?: boolean;
  s3?: boolean;
  redis?: boolean;
  /** Leave them running when this process exits (the command line's `start`). */
  outlive?: boolean;
}): Promise<Services>;
