/**
 * 简体中文, assembled from the same per-area modules as en.ts. Each area types its Chinese against
 * its English, so a key missing here (or one too many) fails the build;
 * tests/renderer/i18n.test.ts checks that each message takes the same {params}.
 */
import type { MessageSchema } from './en.ts';
import { shellZhCN } from './shell.ts';
import { libraryZhCN } from './library.ts';
import { levelZhCN } from './level.ts';
import { playZhCN } from './play.ts';
import { jobsZhCN } from './jobs.ts';
import { candidatesZhCN } from './candidates.ts';
import { rulesZhCN } from './rules.ts';
import { editorZhCN } from './editor.ts';
import { reportsZhCN } from './reports.ts';
import { draftsZhCN } from './drafts.ts';
import { replaysZhCN } from './replays.ts';
import { playModesZhCN } from './play-modes.ts';
import { campaignZhCN } from './campaign.ts';
import { blocksZhCN } from './blocks.ts';
import { bakeZhCN } from './bake.ts';
import { replayPanelZhCN } from './replay-panel.ts';
import { objectivesZhCN } from './objectives.ts';
import { senseViewsZhCN } from './sense-views.ts';
import { playFeedbackZhCN } from './play-feedback.ts';
import { campaignCommandsZhCN } from './campaign-commands.ts';
import { solverZhCN } from './solver.ts';
import { hintStopsZhCN } from './hint-stops.ts';
import { jsonProblemsZhCN } from './json-problems.ts';

export const zhCN: MessageSchema = {
  reports: reportsZhCN,
  replays: replaysZhCN,
  playModes: playModesZhCN,
  drafts: draftsZhCN,
  campaign: campaignZhCN,
  blocks: blocksZhCN,
  bake: bakeZhCN,
  replayPanel: replayPanelZhCN,
  objectives: objectivesZhCN,
  senseViews: senseViewsZhCN,
  playFeedback: playFeedbackZhCN,
  campaignCommands: campaignCommandsZhCN,
  solver: solverZhCN,
  hintStops: hintStopsZhCN,
  jsonProblems: jsonProblemsZhCN,
  ...shellZhCN,
  ...libraryZhCN,
  ...levelZhCN,
  ...playZhCN,
  ...jobsZhCN,
  ...candidatesZhCN,
  ...rulesZhCN,
  ...editorZhCN,
};
