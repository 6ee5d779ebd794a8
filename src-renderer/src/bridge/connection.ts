/**
 * How the renderer follows its link to the host (the browser host's WebSocket can drop). `open` is
 * the one state in which the host is there; every other state means it is away. `refused`: the
 * host refused the page's access token; the bridge does not retry (only a new address helps).
 */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'refused';

export interface ConnectionStatus {
  readonly state: ConnectionState;
  /** Failed attempts in a row (0 while open). */
  readonly attempt: number;
  /** Delay before the next attempt, while closed. */
  readonly retryInMs?: number;
  readonly closeCode?: number;
  /** The host refused the access token (the state is then `refused`). */
  readonly authRejected: boolean;
  /** True on an `open` that follows a lost connection: events may have been missed, refetch. */
  readonly reconnected: boolean;
}

export interface ConnectionSource {
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}
