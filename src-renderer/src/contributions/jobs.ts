/** The Jobs view (batches and their jobs) and its command. */
import { always, registerCommands } from '../commands/registry.ts';
import { useJobsStore } from '../stores/jobs.ts';
import { registerView } from '../views/registry.ts';

// After Library and Level; DESIGN.md's Rules, Replays and Curves come between when they exist.
const ORDER = 60;
const JOBS_VIEW = 'jobs';

registerView({
  id: JOBS_VIEW,
  label: 'nav.jobs',
  icon: 'M4 6h16M4 12h16M4 18h10',
  order: ORDER,
  load: () => import('../views/jobs/JobsView.vue'),
  setup: () => {
    const jobs = useJobsStore();
    return { busy: () => jobs.overall.active };
  },
});

registerCommands(JOBS_VIEW, ORDER, () => {
  const jobs = useJobsStore();
  return {
    context: { jobsActive: () => jobs.overall.active },
    commands: () => [
      { id: 'jobs.cancelAll', label: 'commands.cancelAll', group: 'commands.group.jobs', shortcuts: [{ key: '.', mod: true }], when: always, enabled: (c) => c.jobsActive === true, run: () => void jobs.cancelAll() },
    ],
  };
});
