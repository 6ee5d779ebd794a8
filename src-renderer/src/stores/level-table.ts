/**
 * How the level list is shown: its sort, search and status filter (kept while the designer goes
 * to a level and back), the rows in that order, and going to a level by its number.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Badge } from '../../../src-shared/api/studio-api.ts';
import { matchesFilter, sortRows, tableSource, type LevelSort, type SortKey } from '../services/level-table.ts';
import { useLibraryStore } from './library.ts';

export const useLevelTableStore = defineStore('levelTable', () => {
  const library = useLibraryStore();
  const sort = shallowRef<LevelSort>({ key: 'position', direction: 'asc' });
  const search = ref('');
  const badges = shallowRef<readonly Badge[]>([]);
  /** Bumped when the selection should be scrolled into view and focused (go to level). */
  const reveal = ref(0);

  const source = computed(() => tableSource(library.campaign, library.levels));
  const rows = computed(() => sortRows(source.value.rows.filter((row) => matchesFilter(row, { search: search.value, badges: badges.value })), sort.value));
  const filtered = computed(() => search.value.trim() !== '' || badges.value.length > 0);

  /** A column's header was chosen: sort by it, or the other way if it sorts already. */
  function sortBy(key: SortKey, figure?: string): void {
    const same = sort.value.key === key && sort.value.figure === figure;
    sort.value = { key, figure, direction: same && sort.value.direction === 'asc' ? 'desc' : 'asc' };
  }

  function clearFilter(): void {
    search.value = '';
    badges.value = [];
  }

  /** Selects the level at `position` of the campaign (clearing a filter that hides it); false when there is none. */
  function goTo(position: number): boolean {
    const level = library.levels.find((l) => l.position === position);
    if (!level) return false;
    if (!rows.value.some((r) => r.level.id === level.id)) clearFilter();
    library.selectedLevelId = level.id;
    reveal.value++;
    return true;
  }

  return { sort, search, badges, reveal, source, rows, filtered, sortBy, clearFilter, goTo };
});
