/**
 * What one CLI command is: its name, the usage line `help` lists, the flags it takes, and what it
 * runs. A command is one module exporting a `CliCommand`, listed once in `commands.ts`; the
 * runner (cli.ts) parses the flags and maps expected errors to exit code 2.
 */
import type { FlagSpec, ParsedArgs } from './args.ts';

export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Resolves relative paths: npm runs scripts from the package folder, not the caller's. */
  readonly resolvePath: (path: string) => string;
}

export interface CliCommand {
  readonly name: string;
  /** The usage line, without the program name: `solve FILE [--level N] …`. */
  readonly usage: string;
  readonly flags: FlagSpec;
  /** The exit code: 0 success, 1 a level failed, 2 usage or file errors (thrown as UsageError). */
  run(args: ParsedArgs, io: CliIo): number | Promise<number>;
}
