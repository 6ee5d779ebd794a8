/**
 * The Gridwright command line: the studio's batch jobs without a window, with exit codes a game
 * project's own CI can rely on (seed 002: "CI does not trust the par written in levels.json").
 *
 *   npm run cli -- solve FILE [--level N] [--budget STATES] [--json]
 *   npm run cli -- solve-tiles --tiles 1,2,3,... [--goal blank-last|blank-first] [--budget STATES] [--json]
 *   npm run cli -- campaigns | import | export | verify --db PATH …
 *   npm run cli -- schema KIND [config|level]
 *
 * The commands are listed in cli/commands.ts. Exit codes: 0 success, 1 a level failed (unsolved,
 * invalid), 2 usage or file error, 3 an internal error (a bug: printed with its stack).
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LibraryInputError } from '../library/errors.ts';
import { LibraryOpenError } from '../library/db.ts';
import { LevelFileError } from './level-files.ts';
import { UsageError, parseArgs } from './cli/args.ts';
import type { CliIo } from './cli/command.ts';
import { CLI_COMMANDS } from './cli/commands.ts';
import { libraryFault } from './cli/faults.ts';

const USAGE = ['Usage: gridwright <command> [options]', '', 'Commands:', ...CLI_COMMANDS.map((c) => `  ${c.usage}`)].join('\n');

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help') {
    io.out(USAGE);
    return name === undefined ? 2 : 0;
  }
  try {
    const command = CLI_COMMANDS.find((c) => c.name === name);
    if (!command) throw new UsageError(`Unknown command '${name}'.\n${USAGE}`);
    return await command.run(parseArgs(rest, command.flags), io);
  } catch (error) {
    // Expected errors are a message and exit 2; anything else is a bug, reported with its stack.
    const message = error instanceof UsageError || error instanceof LevelFileError || error instanceof LibraryOpenError || error instanceof LibraryInputError ? error.message : libraryFault(error);
    if (message === undefined) throw error;
    io.err(message);
    return 2;
  }
}

/** Run as a program (not imported by a test): compared as real paths, so links and `#` or `%` in a path still match. */
function invokedDirectly(): boolean {
  if (process.argv[1] === undefined) return false;
  try {
    return realpathSync(fileURLToPath(import.meta.url)) === realpathSync(resolve(process.argv[1]));
  } catch {
    return false;
  }
}
if (invokedDirectly()) {
  // A reader that stops early (`| head`) closes the pipe: that ends the CLI quietly, as for any
  // command-line tool, with the status it has so far.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    });
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    resolvePath: (path) => (isAbsolute(path) ? path : resolve(base, path)),
  };
  runCli(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`Internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 3;
    },
  );
}
