import { describe, expect, it } from 'vitest';
import { jobFromRow, type JobRow } from '../../src-main/jobs/rows.ts';

const row = (extra: Partial<JobRow>): JobRow => ({
  id: 1, batch_id: 2, type: 'verify', label: 'Microban I #1', state: 'done', error: null, attempts: 1, progress: 1, level_id: 3,
  created_at: '2025-01-01T00:00:00.000Z', started_at: '2025-01-01T00:00:01.000Z', finished_at: '2025-01-01T00:00:03.500Z', ...extra,
});

describe('a finished job’s result in a word', () => {
  it('a verification gives its status and par, and says when the par is only a bound', () => {
    expect(jobFromRow(row({ result_json: JSON.stringify({ status: 'solved', par: 12, optimal: true }) })).outcome).toEqual({ status: 'solved', value: 12, bound: false });
    expect(jobFromRow(row({ result_json: JSON.stringify({ status: 'solved', par: 790, optimal: false }) })).outcome).toEqual({ status: 'solved', value: 790, bound: true });
    expect(jobFromRow(row({ result_json: JSON.stringify({ status: 'budget', optimal: false }) })).outcome).toEqual({ status: 'budget', value: null, bound: false });
  });

  it('a generation gives the levels it made; a job without a readable result gives none', () => {
    expect(jobFromRow(row({ type: 'generate', result_json: JSON.stringify({ version: 1, levels: [{}, {}], diagnostics: [] }) })).outcome).toEqual({ status: 'generated', value: 2 });
    expect(jobFromRow(row({ result_json: '{not json' })).outcome).toBeUndefined();
    expect(jobFromRow(row({ type: 'noop', result_json: '{}' })).outcome).toBeUndefined();
    expect(jobFromRow(row({ state: 'running', result_json: null })).outcome).toBeUndefined();
  });
});
