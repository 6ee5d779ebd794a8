/** The Campaign view (campaign curation and difficulty curves, issue 23). */
import { useLibraryStore } from '../stores/library.ts';
import { registerView } from '../views/registry.ts';

// Right after the Library: the campaign a designer picked there, put in order.
const ORDER = 15;
export const CAMPAIGN_VIEW = 'campaign';

registerView({
  id: CAMPAIGN_VIEW,
  label: 'campaign.nav',
  icon: 'M4 19h16M6 16v-4M10 16V9M14 16v-6M18 16V5',
  order: ORDER,
  load: () => import('../views/campaign/CampaignView.vue'),
  setup: () => {
    const library = useLibraryStore();
    return { available: () => library.campaigns.length > 0 };
  },
});
