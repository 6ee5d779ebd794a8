/**
 * `schema KIND [config|level]`: print the JSON Schema of a kind's rules config or level documents
 * (input documents: fields with defaults may be left out), for a game project to check its files
 * with, or an editor to complete against. Exit 0, or 2 for an unknown kind or document.
 */
import { kindJsonSchemas } from '../../../src-shared/engine/text/json-schemas.ts';
import { allKinds, rulesetKind } from '../../../src-shared/rulesets/registry.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';

export const schemaCommand: CliCommand = {
  name: 'schema',
  usage: 'schema KIND [config|level]',
  flags: {},
  run: runSchema,
};

function runSchema(args: ParsedArgs, io: CliIo): number {
  const [kindName, which = 'level', ...extra] = args.positional;
  const kinds = allKinds().map((k) => k.kind).join(', ');
  if (kindName === undefined || extra.length > 0) throw new UsageError(`Usage: ${schemaCommand.usage} (kinds: ${kinds})`);
  const kind = rulesetKind(kindName);
  if (!kind) throw new UsageError(`Unknown puzzle kind '${kindName.slice(0, 40)}'; the kinds are ${kinds}.`);
  if (which !== 'config' && which !== 'level') throw new UsageError(`'${which.slice(0, 40)}' is no document: use config or level.`);
  io.out(JSON.stringify(kindJsonSchemas(kind)[which], null, 2));
  return 0;
}
