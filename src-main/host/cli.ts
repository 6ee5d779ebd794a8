/**
 * The Gridwright command line: the studio's batch jobs without a window, with exit codes a game
 * project's own CI can rely on (seed 002: "CI does not trust the par written in levels.json").
 *
 *   npm run cli -- solve FILE [--level N] [--budget STATES] [--json]
 *   npm run cli -- solve-tiles --tiles 1,2,3,... [--goal blank-last|blank-first] [--budget STATES] [--json]
 *   npm run cli -- campaigns | import | export | verify --db PATH …
 *   npm run cli -- schema KIND [config|level]
 *
 * Exit codes: 0 success, 1 a level failed (unsolved, invalid), 2 usage or file error.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LibraryOpenError } from '../library/db.ts';
import { LevelFileError } from './level-files.ts';
import { UsageError } from './cli/args.ts';
import { LIBRARY_USAGE, runCampaigns, runExport, runImport, runVerify } from './cli/library-commands.ts';
import { SOLVE_USAGE, runSolve, type CliIo } from './cli/solve.ts';
import { SOLVE_TILES_USAGE, runSolveTiles } from './cli/solve-tiles.ts';
import { SCHEMA_USAGE, runSchema } from './cli/schema.ts';

const USAGE = ['Usage: gridwright <command> [options]', '', 'Commands:', `  ${SOLVE_USAGE}`, `  ${SOLVE_TILES_USAGE}`, ...LIBRARY_USAGE.map((u) => `  ${u}`), `  ${SCHEMA_USAGE}`].join('\n');

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'solve':
        return await runSolve(rest, io);
      case 'solve-tiles':
        return await runSolveTiles(rest, io);
      case 'schema':
        return runSchema(rest, io);
      case 'campaigns':
        return runCampaigns(rest, io);
      case 'import':
        return runImport(rest, io);
      case 'export':
        return runExport(rest, io);
      case 'verify':
        return await runVerify(rest, io);
      case undefined:
      case 'help':
      case '--help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof LevelFileError || error instanceof LibraryOpenError) {
      io.err(error.message);
      return 2;
    }
    throw error;
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
