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
});
