/** How the renderer follows its link to the host (the browser host's WebSocket can drop). */
export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface ConnectionStatus {
  readonly state: ConnectionState;
  /** Failed attempts in a row (0 while open). */
  readonly attempt: number;
  /** Delay before the next attempt, while closed. */
  readonly retryInMs?: number;
  readonly closeCode?: number;
  /** The host refused the access token. */
  readonly authRejected: boolean;
  /** True on an `open` that follows a lost connection: events may have been missed, refetch. */
  readonly reconnected: boolean;
}

export interface ConnectionSource {
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}
