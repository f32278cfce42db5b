/** Messages between the server and the writer thread (`session-writer.worker.ts`). */
export interface WriteRequest {
  id: number;
  op: string;
  args: unknown[];
}

export interface WriteReply {
  id: number;
  value?: unknown;
  /** A refusal (by its class name) or a failure; nothing of that write was stored. */
  error?: { name: string; message: string };
}
