/**
 * English messages, assembled from one module per area (each holds its English and Chinese side
 * by side). vue-i18n syntax: `{name}` interpolates, `a | b | c` chooses by count
 * (zero | one | many), and `@`, `{`, `}`, `|` are special (write `{'@'}` for a literal one).
 * Errors say what happened and what to do next. A new area: a new module here, spread below and
 * in zh-CN.ts.
 */
import { shellEn } from './shell.ts';
import { libraryEn } from './library.ts';
import { levelEn } from './level.ts';
import { playEn } from './play.ts';
import { jobsEn } from './jobs.ts';
import { candidatesEn } from './candidates.ts';
import { rulesEn } from './rules.ts';
import { editorEn } from './editor.ts';
import { reportsEn } from './reports.ts';
import { draftsEn } from './drafts.ts';
import { replaysEn } from './replays.ts';
import { playModesEn } from './play-modes.ts';
import { campaignEn } from './campaign.ts';
import { blocksEn } from './blocks.ts';
import { bakeEn } from './bake.ts';
import { replayPanelEn } from './replay-panel.ts';
import { objectivesEn } from './objectives.ts';
import { senseViewsEn } from './sense-views.ts';
import { playFeedbackEn } from './play-feedback.ts';
import { campaignCommandsEn } from './campaign-commands.ts';
import { solverEn } from './solver.ts';
import { hintStopsEn } from './hint-stops.ts';
import { jsonProblemsEn } from './json-problems.ts';

export const en = {
  reports: reportsEn,
  replays: replaysEn,
  playModes: playModesEn,
  drafts: draftsEn,
  campaign: campaignEn,
  blocks: blocksEn,
  bake: bakeEn,
  replayPanel: replayPanelEn,
  objectives: objectivesEn,
  senseViews: senseViewsEn,
  playFeedback: playFeedbackEn,
  campaignCommands: campaignCommandsEn,
  solver: solverEn,
  hintStops: hintStopsEn,
  jsonProblems: jsonProblemsEn,
  ...shellEn,
  ...libraryEn,
  ...levelEn,
  ...playEn,
  ...jobsEn,
  ...candidatesEn,
  ...rulesEn,
  ...editorEn,
};

export type MessageSchema = typeof en;
