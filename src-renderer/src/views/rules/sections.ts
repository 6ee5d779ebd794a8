/**
 * Sections of the Rules view below the editor, registered rather than listed: the impact reports
 * of re-verification (another module) register one here, and the view shows every registered
 * section in order with the open campaign. A section is a component taking `campaignId` and
 * `rulesetId` props.
 */
import { defineAsyncComponent, type Component } from 'vue';

export interface RulesSectionDefinition {
  readonly id: string;
  /** Lowest first. */
  readonly order: number;
  /** Loaded when the Rules view first shows it. */
  readonly load: () => Promise<{ default: Component } | Component>;
}

export interface RegisteredRulesSection extends RulesSectionDefinition {
  readonly component: Component;
}

const sections = new Map<string, RegisteredRulesSection>();

export function registerRulesSection(section: RulesSectionDefinition): void {
  if (sections.has(section.id)) throw new Error(`A rules section '${section.id}' is registered already.`);
  sections.set(section.id, { ...section, component: defineAsyncComponent(section.load) });
}

export function rulesSections(): readonly RegisteredRulesSection[] {
  return [...sections.values()].sort((a, b) => a.order - b.order);
}
