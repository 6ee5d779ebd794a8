/** A CLI io that keeps what the command prints, for runCli in tests. Paths are taken as given. */
export function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), resolvePath: (p: string) => p } };
}
