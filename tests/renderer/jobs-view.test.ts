// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH, job } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

async function openJobs(bridge = new MemoryBridge()): Promise<Mounted> {
  current = await mountStudio(bridge);
  await current.wrapper.get('[data-testid="nav-jobs"]').trigger('click');
  await settle();
  return current;
}

describe('jobs view', () => {
  it('shows batches with overall progress and per-job rows', async () => {
    const { wrapper } = await openJobs();
    const batch = wrapper.get(`[data-testid="batch"][data-batch-id="${BATCH.id}"]`);
    // 1 done + half of a running one, out of 3.
    expect(batch.get('[data-testid="batch-progress"]').attributes('aria-valuenow')).toBe('50');
    const rows = batch.findAll('[data-testid="job-row"]');
    expect(rows.map((r) => r.attributes('data-state'))).toEqual(['done', 'running', 'queued']);
    expect(rows[1].get('[data-testid="job-progress"]').attributes('aria-valuenow')).toBe('50');
    expect(rows[1].get('[data-testid="job-attempts"]').text()).toBe('1 attempt');
    expect(wrapper.get('[data-testid="job-strip-progress"]').attributes('aria-valuenow')).toBe('50');
  });

  it('follows jobs.changed live', async () => {
    const { wrapper, bridge } = await openJobs();
    bridge.emit('jobs.changed', {
      jobs: [job(22, 'failed', 0.5, { error: 'The worker crashed twice.', attempts: 2 })],
      batches: [{ ...BATCH, failed: 1 }],
    });
    await settle();
    const row = wrapper.get('[data-testid="job-row"][data-job-id="22"]');
    expect(row.attributes('data-state')).toBe('failed');
    expect(row.get('[data-testid="job-error"]').text()).toBe('The worker crashed twice.');
    expect(row.get('[data-testid="job-attempts"]').text()).toBe('2 attempts');
  });

  it('cancels a batch, a job, or everything from the bottom strip', async () => {
    const { wrapper, bridge } = await openJobs();
    await wrapper.get('[data-testid="batch-cancel"]').trigger('click');
    await settle();
    await wrapper.get('[data-testid="job-row"][data-job-id="23"] [data-testid="job-cancel"]').trigger('click');
    await settle();
    await wrapper.get('[data-testid="job-strip-cancel"]').trigger('click');
    await settle();
    expect(bridge.callsTo('jobs.cancel')).toEqual([{ batchId: BATCH.id }, { jobId: 23 }, { batchId: BATCH.id }]);
  });

  it('the strip shows each job running for more than a second, with its progress and a Cancel named after it', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const slow = job(30, 'running', 0.25, { batchId: null, type: 'hint', label: 'Hint: Microban #153', createdAt: ago(5000), startedAt: ago(5000) });
    const quick = job(31, 'running', 0.1, { batchId: null, type: 'hint', label: 'Hint: Microban #1', createdAt: ago(0), startedAt: ago(0) });
    const bridge = new MemoryBridge({ 'jobs.list': () => ({ batches: [], jobs: [slow, quick] }) });
    current = await mountStudio(bridge);
    await settle();
    const { wrapper } = current;
    const shown = wrapper.findAll('[data-testid="job-strip-job"]');
    expect(shown.map((row) => row.attributes('data-job-id'))).toEqual(['30']);
    expect(shown[0].text()).toContain('Hint: Microban #153');
    expect(shown[0].get('[data-testid="job-strip-job-progress"]').attributes('aria-valuenow')).toBe('25');
    const cancel = shown[0].get('[data-testid="job-strip-job-cancel"]');
    expect(cancel.attributes('aria-label')).toBe('Cancel Hint: Microban #153');
    await cancel.trigger('click');
    await settle();
    expect(bridge.callsTo('jobs.cancel')).toEqual([{ jobId: 30 }]);
  });

  it('says what to do when there are no jobs', async () => {
    const { wrapper } = await openJobs(new MemoryBridge({ 'jobs.list': () => ({ batches: [], jobs: [] }) }));
    expect(wrapper.get('[data-testid="empty-jobs"]').text()).toContain('Verify all');
    expect(wrapper.find('[data-testid="job-strip-idle"]').exists()).toBe(true);
  });

  it('a finished job shows its result in a word and how long it took; finished batches are gathered, folded', async () => {
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();
    const old = { ...BATCH, id: 4, label: 'Verify Tiny', state: 'done' as const, total: 4, done: 3, failed: 1, running: 0 };
    const jobs = [
      job(40, 'done', 1, { batchId: 4, startedAt: at(0), finishedAt: at(2), outcome: { status: 'solved', value: 12, bound: false } }),
      job(41, 'done', 1, { batchId: 4, startedAt: at(0), finishedAt: at(95), outcome: { status: 'solved', value: 790, bound: true } }),
      job(42, 'done', 1, { batchId: 4, startedAt: at(0), finishedAt: at(30), outcome: { status: 'budget', value: null, bound: false } }),
      job(43, 'failed', 0.3, { batchId: 4, startedAt: at(0), finishedAt: at(1), error: 'The worker crashed twice.' }),
      job(44, 'running', 0.5),
    ];
    const bridge = new MemoryBridge({ 'jobs.list': () => ({ batches: [BATCH, old], jobs }) });
    const { wrapper } = await openJobs(bridge);
    // The running batch first and open; the finished one under a folded heading.
    expect(wrapper.get(`[data-testid="batch"][data-batch-id="${BATCH.id}"] [data-testid="job-row"][data-job-id="44"] [data-testid="job-progress"]`).attributes('aria-valuenow')).toBe('50');
    const group = wrapper.get('[data-testid="finished-batches"]');
    expect(group.get('[data-testid="finished-toggle"]').text()).toContain('1 finished batch');
    expect(group.find('[data-testid="batch"]').exists()).toBe(false);
    await group.get('[data-testid="finished-toggle"]').trigger('click');
    await wrapper.get('[data-testid="batch"][data-batch-id="4"] [data-testid="batch-toggle"]').trigger('click');
    const rows = wrapper.findAll('[data-testid="batch"][data-batch-id="4"] [data-testid="job-row"]');
    const results = rows.map((r) => `${r.get('[data-testid="job-result"] .word').text()} · ${r.get('[data-testid="job-duration"]').text()}`);
    expect(results).toEqual(['par 12 · 2.0 s', 'par ≤ 790 · 1 min 35 s', 'budget exceeded · 30 s', 'failed · 1.0 s']);
    // No bar for a finished job: each says its own result instead of a full bar like the others.
    expect(rows.every((r) => !r.find('[data-testid="job-progress"]').exists())).toBe(true);
  });

  it('folds the interactive lane\'s finished jobs (dozens of live proofs); the running and failed ones stay in view', async () => {
    const single = (id: number, state: 'done' | 'cancelled' | 'failed' | 'running') => job(id, state, state === 'running' ? 0.2 : 1, { batchId: null, type: 'editor-prove', label: `Live proof: Warehouse 100 #${id}` });
    const jobs = [...Array.from({ length: 12 }, (_, i) => single(100 + i, i % 2 ? 'done' : 'cancelled')), single(150, 'failed'), single(151, 'running')];
    const { wrapper } = await openJobs(new MemoryBridge({ 'jobs.list': () => ({ batches: [BATCH], jobs }) }));
    const shown = () => wrapper.findAll('[data-testid="loose-jobs"] [data-testid="job-row"]').map((r) => r.attributes('data-job-id'));
    expect(shown()).toEqual(['150', '151']);
    const toggle = wrapper.get('[data-testid="finished-single-toggle"]');
    expect(toggle.text()).toContain('12 finished single jobs');
    await toggle.trigger('click');
    expect(shown()).toHaveLength(14);
  });
});
