/**
 * The names of the Studio API's channels and events, apart from their schemas so the Electron
 * preload can allow exactly these without bundling zod. `studio-api.ts` checks it defines the same.
 */
export const CHANNEL_NAMES = [
  'library.summary',
  'library.campaign',
  'library.level',
  'library.import',
  'library.importPart',
  'library.setLevelBudget',
  'library.export',
  'library.generators',
  'library.generate',
  'candidates.start',
  'candidates.runs',
  'candidates.list',
  'candidates.accept',
  'candidates.dismiss',
  'jobs.verify',
  'jobs.list',
  'jobs.cancel',
  'play.hint',
  'rules.get',
  'rules.versions',
  'rules.save',
  'rules.revert',
  'levels.create',
  'levels.remove',
  'levels.restore',
  'levels.rename',
  'drafts.get',
  'drafts.list',
  'drafts.save',
  'drafts.discard',
  'drafts.commit',
  'editor.prove',
  'recordings.list',
  'recordings.get',
  'recordings.save',
  'recordings.rename',
  'recordings.delete',
  'replays.get',
  'replays.curve',
  'simulations.start',
  'simulations.list',
  'bakes.plans',
  'bakes.start',
  'bakes.status',
  'recordings.import',
  'recordings.intend',
  'jobs.reverify',
  'reports.list',
  'reports.get',
  'campaign.report',
  'campaign.layout',
  'campaign.edit',
  'campaign.transfer',
  'campaign.setLayouts',
  'campaign.settings',
  'campaign.create',
  'campaign.rename',
  'campaign.duplicate',
  'campaign.delete',
  'campaign.restore',
  'campaign.rulesets',
  'campaign.setRules',
] as const;

export const EVENT_NAME_LIST = ['jobs.changed', 'library.changed', 'library.importProgress'] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];
export type EventNameString = (typeof EVENT_NAME_LIST)[number];

/** IPC channel used for a Studio API channel (Electron host). */
export const ipcChannel = (name: ChannelName): string => `studio:${name}`;
/** IPC channel used for a Studio API event (Electron host). */
export const ipcEvent = (name: EventNameString): string => `studio-event:${name}`;
