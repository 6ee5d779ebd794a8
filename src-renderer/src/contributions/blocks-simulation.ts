/**
 * The block-tray simulation (issue 26) as a section of the Rules view: designers tune the dealer's
 * curve and weights in the rule inspector and re-run the games right below it.
 */
import { registerRulesSection } from '../views/rules/sections.ts';

registerRulesSection({ id: 'blocks-simulation', order: 20, load: () => import('../views/simulation/SimulationSection.vue') });
