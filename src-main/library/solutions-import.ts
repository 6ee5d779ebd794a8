/**
 * Solutions from another tool, stored as recordings (issue 16): a JSON list
 * `[{"level": <1-based position in the campaign>, "lurd": "..."}]`, or an XSB/SOK collection whose
 * levels carry `Solution` lines, matched to the campaign's levels by title (when a title names
 * exactly one) or else by position. The text is decoded by the kind (LURD's case is only
 * informational: the engine decides what pushes), and every command is replayed with the real
 * rules: one the rules refuse (a bump) is kept on the line as a refused step, with a warning,
 * because a later rule change can make it legal. Bad input (not JSON, an entry without a level or
 * a solution, text that does not decode, a level the campaign does not have) is refused with the
 * entry or line it is on, and nothing is written.
 */
import { MAX_RECORDING_STEPS } from '../../src-shared/engine/limits.ts';
import { levelContentHash, stateHash } from '../../src-shared/engine/fingerprint.ts';
import { levelListOffsets, linesAt, parseJsonText } from '../../src-shared/engine/text/json-text.ts';
import { replayJournal } from '../../src-shared/engine/play/recording.ts';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import type { ImportedSolution } from '../../src-shared/api/reports.ts';
import { formatFor } from '../../src-shared/rulesets/registry.ts';
import { campaignDetail, levelDetail } from './campaign-views.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { storeRecording, type RecordingInput } from './recordings.ts';
import { requireCampaign } from './campaigns.ts';
import { currentRules } from './rulesets.ts';

/** One solution found in a file, with where it is (for messages). */
export interface SolutionEntry {
  /** "entry 3 (line 7)" or "level 2 (line 12)". */
  readonly where: string;
  /** 1-based position: in the campaign (JSON) or in the file (XSB/SOK). */
  readonly position: number;
  readonly title?: string;
  readonly text: string;
}

export interface SolutionsImportRequest {
  readonly campaignId: number;
  readonly fileName: string;
  readonly text: string;
  /** Mark each stored recording as its level's intended solution. */
  readonly intended?: boolean;
}

export interface SolutionsImportResult {
  readonly stored: readonly ImportedSolution[];
  /** Refused commands kept as refused steps, and what else is worth knowing; nothing here stopped the import. */
  readonly warnings: readonly string[];
}

const MAX_ENTRIES = 100_000;
const SOLUTION_KEY = /^\s*solution\b[^:]{0,80}:\s*(.*)$/i;
const LURD_LINE = /^[\sLURDlurd0-9()]+$/;

/** The solutions of a file, in file order; throws LibraryInputError naming the entry or line of the first problem. */
export function readSolutionsFile(fileName: string, text: string): SolutionEntry[] {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  const entries = trimmed.startsWith('[') || trimmed.startsWith('{') ? readJsonList(fileName, text) : readCollection(fileName, text);
  if (entries.length === 0) throw new LibraryInputError(`${fileName} holds no solution: a JSON list [{"level": 1, "lurd": "..."}] or levels with a "Solution: ..." line.`);
  if (entries.length > MAX_ENTRIES) throw new LibraryInputError(`${fileName} holds more than ${MAX_ENTRIES} solutions.`);
  return entries;
}

function readJsonList(fileName: string, input: string): SolutionEntry[] {
  const parsed = parseJsonText(input);
  if (parsed.diagnostic) throw new LibraryInputError(`${fileName}: ${parsed.diagnostic.message}`);
  if (!Array.isArray(parsed.doc)) throw new LibraryInputError(`${fileName} is JSON but not a list of solutions: expected [{"level": 1, "lurd": "..."}, ...].`);
  const lines = linesAt(parsed.text, levelListOffsets(parsed.text, true));
  return parsed.doc.map((entry: unknown, i) => {
    const where = `entry ${i + 1}${lines[i] ? ` (line ${lines[i]})` : ''}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new LibraryInputError(`${fileName}, ${where}: expected {"level": <position>, "lurd": "..."}.`);
    const { level, lurd } = entry as { level?: unknown; lurd?: unknown };
    if (typeof level !== 'number' || !Number.isInteger(level) || level < 1) throw new LibraryInputError(`${fileName}, ${where}: "level" must be the level's 1-based position in the campaign.`);
    if (typeof lurd !== 'string' || lurd.trim() === '') throw new LibraryInputError(`${fileName}, ${where}: "lurd" must be the solution's text.`);
    return { where, position: level, text: lurd };
  });
}

interface SolutionLine {
  /** 1-based line it starts on. */
  readonly line: number;
  readonly text: string;
}

/**
 * Takes the `Solution` lines out of a collection's text (each becomes a `;` comment line, so line
 * numbers stay): `Solution: LURD` and `Solution (moves 97, pushes 10): LURD`, with moves that go
 * on over the next lines as some tools wrap them. A line of LURD letters right above a board is
 * that board's title, not moves.
 */
function takeSolutionLines(text: string): { text: string; solutions: SolutionLine[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const solutions: SolutionLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = SOLUTION_KEY.exec(lines[i]);
    if (!head) continue;
    const start = i;
    let moves = head[1].trim();
    lines[i] = ';';
    while (i + 1 < lines.length && lines[i + 1].trim() !== '' && LURD_LINE.test(lines[i + 1]) && !/^\s*#/.test(lines[i + 2] ?? '')) {
      moves += lines[++i].trim();
      lines[i] = ';';
    }
    solutions.push({ line: start + 1, text: moves });
  }
  return { text: lines.join('\n'), solutions };
}

function readCollection(fileName: string, input: string): SolutionEntry[] {
  const { text, solutions } = takeSolutionLines(input);
  const found = formatFor(fileName, text);
  if (!found) throw new LibraryInputError(`No level format reads ${fileName}: solutions come as a JSON list or an XSB/SOK collection with Solution lines.`);
  const read = found.format.read(text);
  const firstError = read.diagnostics.find((d) => d.severity === 'error');
  if (firstError) throw new LibraryInputError(`${fileName}${firstError.line ? `, line ${firstError.line}` : ''}: ${firstError.message}`);
  const starts = read.found ?? [];
  return solutions.map((solution) => {
    // A solution belongs to the last level that starts above it.
    let number = 0;
    starts.forEach((level, i) => {
      if (level.line <= solution.line) number = i + 1;
    });
    if (number === 0) throw new LibraryInputError(`${fileName}, line ${solution.line}: a Solution line above the first level belongs to no level.`);
    const kept = read.levelNumbers.indexOf(number);
    const title = (kept >= 0 ? (read.collection.levels[kept] as { title?: string }).title : undefined) ?? starts[number - 1]?.title;
    if (solution.text === '') throw new LibraryInputError(`${fileName}, line ${solution.line}: the Solution line of level ${number} holds no moves.`);
    return { where: `level ${number}${title ? ` "${title}"` : ''} (line ${solution.line})`, position: number, ...(title ? { title } : {}), text: solution.text };
  });
}

/** Reads, matches, decodes and replays every solution, then stores them all in one transaction. */
export function importSolutions(db: LibraryDatabase, request: SolutionsImportRequest): SolutionsImportResult {
  const campaign = requireCampaign(db, request.campaignId);
  const detail = campaignDetail(db, campaign.id);
  if (!detail) throw new LibraryNotFoundError(`Campaign ${request.campaignId} does not exist.`);
  const current = currentRules(db, campaign.rulesetId);
  const rules: AnyRules | undefined = current.rules;
  if (!rules) throw new LibraryInputError(`The rules of "${campaign.name}" are not valid, so no solution can be replayed: ${current.diagnostics.map((d) => d.message).join('; ')}`);
  const entries = readSolutionsFile(request.fileName, request.text);
  const byTitle = new Map<string, (typeof detail.levels)[number][]>();
  for (const level of detail.levels) if (level.title) byTitle.set(level.title, [...(byTitle.get(level.title) ?? []), level]);
  const warnings: string[] = [];
  const planned = entries.map((entry) => {
    const titled = entry.title !== undefined ? byTitle.get(entry.title) : undefined;
    const level = titled?.length === 1 ? titled[0] : detail.levels.find((l) => l.position === entry.position);
    if (!level) throw new LibraryInputError(`${request.fileName}, ${entry.where}: "${campaign.name}" has no level ${entry.title && !titled ? `titled "${entry.title}" nor ` : ''}at position ${entry.position} (it has ${detail.levels.length}).`);
    const decoded = rules.decodeSolution(entry.text);
    if (!decoded.commands) {
      const why = decoded.diagnostics.find((d) => d.severity === 'error');
      throw new LibraryInputError(`${request.fileName}, ${entry.where}: the solution does not decode as ${campaign.kind} commands${why ? `: ${why.message}` : ''}.`);
    }
    if (decoded.commands.length > MAX_RECORDING_STEPS) {
      throw new LibraryInputError(`${request.fileName}, ${entry.where}: the solution has ${decoded.commands.length.toLocaleString('en-US')} moves; a recording holds at most ${MAX_RECORDING_STEPS.toLocaleString('en-US')} (what re-verification replays).`);
    }
    const line = replayedLine(rules, campaign.kind, level.content);
    if (!line) throw new LibraryInputError(`${request.fileName}, ${entry.where}: level ${level.position} does not load under the campaign's rules, so its solution cannot be replayed.`);
    const recording = line([...decoded.commands]);
    const bumps = recording.refused.flatMap((r, k) => (r ? [k + 1] : []));
    if (bumps.length > 0) warnings.push(`${request.fileName}, ${entry.where}: ${bumps.length === 1 ? 'command' : 'commands'} ${bumps.slice(0, 10).join(', ')}${bumps.length > 10 ? ', ...' : ''} refused by the rules (a bump), kept as refused steps.`);
    if (recording.status !== 'won') warnings.push(`${request.fileName}, ${entry.where}: the solution does not win level ${level.position} under the campaign's rules.`);
    return { level, recording, bumps: bumps.length };
  });
  const name = (request.fileName.split(/[\\/]/).pop() ?? request.fileName).slice(0, 200);
  const intended = request.intended === true;
  const stored = db.transaction(() =>
    planned.map(({ level, recording, bumps }): ImportedSolution => {
      const id = storeRecording(db, { ...recording, levelId: level.id, name, source: 'import', intended });
      return { level: level.position, levelId: level.id, recording: id, steps: recording.commands.length, refused: bumps, outcome: outcomeOf(recording.status), intended };
    }),
  )();
  return { stored, warnings };
}

const outcomeOf = (status: string): ImportedSolution['outcome'] => (status === 'won' ? 'won' : status === 'lost' ? 'lost' : 'unfinished');

/** A line of commands as a recording is stored: replayed with the real rules from the level's start. */
type LineRecording = Omit<RecordingInput, 'levelId'> & { readonly refused: readonly boolean[]; readonly commands: readonly string[] };

/**
 * How a line of commands on a level becomes a recording (step hashes, refused markers, outcome
 * and moves are the engine's), or undefined when the level does not load under these rules.
 */
export function replayedLine(rules: AnyRules, kind: string, content: unknown): ((commands: readonly unknown[]) => LineRecording) | undefined {
  const loaded = rules.load(content);
  if (!loaded.state || !loaded.level) return undefined;
  const { state: start, level } = loaded;
  return (commands) => {
    const played = replayJournal(rules, start, commands.map((command) => ({ type: 'command' as const, command })));
    return {
      rulesFingerprint: rules.fingerprint,
      contentHash: levelContentHash(kind, level),
      commands: commands.map((c) => rules.encodeCommand(c)),
      journal: null,
      finalHash: stateHash(rules.canonical(played.final)),
      stepHashes: stepHashes(rules, start, commands),
      status: played.status,
      content: level,
      refused: played.line.map((step) => step.refused),
      moves: played.moves,
      undos: 0,
      hints: 0,
    };
  };
}

/** The latest verification's solution of a level, stored as a recording and marked as the level's intended solution. */
export function intendVerificationSolution(db: LibraryDatabase, levelId: number): number {
  const detail = levelDetail(db, levelId);
  if (!detail) throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
  const solution = detail.verification?.status === 'solved' ? detail.verification.solution : null;
  if (!solution) throw new LibraryInputError(`Level ${detail.position} of "${detail.campaignName}" has no verified solution to keep: verify it first.`);
  const { rules } = currentRules(db, requireCampaign(db, detail.campaignId).rulesetId);
  const decoded = rules?.decodeSolution(solution);
  const line = rules && replayedLine(rules, detail.kind, detail.content);
  if (!decoded?.commands || !line) throw new LibraryInputError(`The verified solution of level ${detail.position} cannot be replayed under the campaign's current rules: verify it again.`);
  return storeRecording(db, { ...line([...decoded.commands]), levelId, name: 'Verified solution', source: 'verification', intended: true });
}
