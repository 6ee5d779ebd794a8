/**
 * Every channel of the studio, with requests that pass their schema but make no sense (unknown
 * ids, commands the kind does not have, bad generator parameters, hostile file text): each gets a
 * readable answer and none is `internal` (that code means a bug, and logs a stack trace). And a
 * hint is a job like any other: listed, announced, cancellable, its caller told.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { until } from '../support/processes.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('requests');
let studio: Studio;
const logged: unknown[] = [];
let campaignId: number;
let levelIds: number[];
let otherLevelId: number;

const { ask, value } = studioCalls(() => studio);

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1, log: (e) => logged.push(e) });
  const { campaigns } = await value('library.summary', {});
  campaignId = campaigns[0].id;
  levelIds = (await value('library.campaign', { campaignId })).levels.map((l: { id: number }) => l.id);
  // Microban I #44 has this board: imported again on purpose.
  const imported = await value('library.import', { fileName: 'other.xsb', text: '#####\n#@$.#\n#####\n', duplicates: 'import' });
  otherLevelId = (await value('library.campaign', { campaignId: imported.campaignId })).levels[0].id;
});

afterAll(async () => {
  await studio?.close();
});

describe('requests that pass their schema but make no sense', () => {
  it('play.hint with commands the kind does not have is an invalid request, said in words', async () => {
    for (const commands of [['x'], ['__proto__'], ['constructor'], ['toString'], ['u', 'hasOwnProperty'], ['']]) {
      const result = await ask('play.hint', { levelId: levelIds[0], commands });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/^Played command \d+ \(".*"\) is not a push command/) } });
    }
    expect(logged).toEqual([]);
  });

  it('no channel answers internal', async () => {
    const { generators } = await value('library.generators', {});
    const generator = generators.find((g: { kind: string }) => g.kind === 'sliding');
    const requests: [string, unknown][] = [
      ['library.summary', {}],
      ['library.campaign', { campaignId: 999_999 }],
      ['library.level', { levelId: 999_999 }],
      ['library.import', { fileName: 'empty.xsb', text: '' }],
      ['library.import', { fileName: 'broken.json', text: '{' }],
      ['library.import', { fileName: 'proto.json', text: '{"__proto__": {"polluted": true}, "constructor": {}}' }],
      ['library.import', { fileName: 'levels.json', text: '{"format": "gridwright.push/1", "levels": [{"board": "not rows"}, null, 7]}' }],
      ['library.import', { fileName: 'tiles.json', text: '{"format": "gridwright.sliding/1", "levels": [{"width": 3, "height": 3, "tiles": [1, 2]}]}' }],
      ['library.import', { fileName: 'noise.sok', text: '\u0000\u0001\uffff####\n' }],
      ['library.import', { fileName: 'no-extension', text: '####\n#@$.#\n' }],
      ['library.import', { fileName: 'bad.tiles', text: 'Title: x\n1 2\n3\n' }],
      ['library.export', { campaignId: 999_999, format: 'sok' }],
      ['library.export', { campaignId: 999_999, format: 'json' }],
      ['library.generators', {}],
      ['library.generate', { kind: 'chess', generator: 'knight', params: {}, seed: 's', campaignName: 'c' }],
      ['library.generate', { kind: 'sliding', generator: 'no-such-generator', params: {}, seed: 's', campaignName: 'c' }],
      ['library.generate', { kind: 'sliding', generator: generator.id, params: 'not an object', seed: 's', campaignName: 'c' }],
      ['library.generate', { kind: 'sliding', generator: generator.id, params: JSON.parse('{"width": 99, "__proto__": {"x": 1}}'), seed: 's', campaignName: 'c' }],
      ['library.generate', { kind: 'sliding', generator: generator.id, params: [1, 2, 3], seed: 's', campaignName: 'c' }],
      ['jobs.verify', { campaignId: 999_999 }],
      ['jobs.verify', { campaignId, levelIds: [999_999] }],
      ['jobs.verify', { campaignId, levelIds: [otherLevelId] }],
      ['jobs.list', {}],
      ['jobs.cancel', { jobId: 999_999 }],
      ['jobs.cancel', { batchId: 999_999 }],
      ['play.hint', { levelId: 999_999, commands: [] }],
      ['play.hint', { levelId: levelIds[0], commands: ['x'] }],
      ['play.hint', { levelId: levelIds[0], commands: Array.from({ length: 500 }, () => 'u') }],
      ['play.hint', { levelId: levelIds[0], commands: [], budget: 1 }],
    ];
    const internal: string[] = [];
    for (const [channel, payload] of requests) {
      const result = await ask(channel, payload);
      if (!result.ok) {
        expect(result.error.message.length).toBeGreaterThan(10);
        if (result.error.code === 'internal') internal.push(`${channel} ${JSON.stringify(payload).slice(0, 80)}: ${result.error.message}`);
      }
    }
    expect(internal).toEqual([]);
    expect(logged).toEqual([]);
  });
});

describe('a hint is a job', () => {
  it('shows in jobs.list and jobs.changed, and jobs.cancel stops it: its caller gets a cancelled answer', async () => {
    const seen: Job[] = [];
    const stop = studio.onEvent((event, payload) => {
      if (event === 'jobs.changed') seen.push(...(payload as { jobs: Job[] }).jobs);
    });
    try {
      // Microban 93 from its start, with the largest interactive budget: a long search.
      const level93 = levelIds[92];
      const asked = ask('play.hint', { levelId: level93, commands: [], budget: 50_000_000 });
      let hintJob: Job | undefined;
      await until(() => (hintJob = seen.find((j) => j.type === 'hint' && j.levelId === level93 && j.state === 'running')) !== undefined, 'the hint job to run');
      const listed = (await value<{ jobs: Job[] }>('jobs.list', {})).jobs.find((j) => j.id === hintJob!.id);
      expect(listed).toMatchObject({ type: 'hint', state: 'running', batchId: null, label: expect.stringMatching(/^Hint: Microban/) });
      expect(await value('jobs.cancel', { jobId: hintJob!.id })).toEqual({ cancelled: 1 });
      const answer = await asked;
      expect(answer).toMatchObject({ ok: true, value: { status: 'budget', command: null, distance: null, optimal: false, cancelled: true } });
      expect((await value<{ jobs: Job[] }>('jobs.list', {})).jobs.find((j) => j.id === hintJob!.id)).toMatchObject({ state: 'cancelled' });
      // The studio answers the next hint as before.
      expect(await value('play.hint', { levelId: levelIds[0], commands: [] })).toMatchObject({ status: 'solved', optimal: true });
    } finally {
      stop();
    }
  });
});
