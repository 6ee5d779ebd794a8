/**
 * The layering table of STYLE.md is enforced by ESLint (eslint.config.js; `npm run lint` runs in
 * `npm test`). These tests pin the config itself: each row of the table refuses what it must and
 * lets through what it may, so a config edit cannot quietly drop a rule. The renderer's inner
 * order (ARCHITECTURE.md's layer table) is pinned by imports planted in its folders.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/data.ts';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

/** The rule ids ESLint reports for `code` placed at `file` (relative to the repository). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const CASES: { file: string; code: string; refused: boolean }[] = [
  // src-shared: pure
  { file: 'src-shared/engine/x.ts', code: "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", refused: true },
  { file: 'src-shared/rulesets/push/x.ts', code: "import { ref } from 'vue';\nexport const r = ref;\n", refused: true },
  { file: 'src-shared/verify/x.ts', code: "import Database from 'better-sqlite3';\nexport const d = Database;\n", refused: true },
  { file: 'src-shared/verify/x.ts', code: "import { x } from '../../src-main/library/db.ts';\nexport const y = x;\n", refused: true },
  { file: 'src-shared/verify/x.ts', code: "import { z } from 'zod';\nexport const s = z.string();\n", refused: false },
  // inside src-shared: the engine and search import no ruleset
  { file: 'src-shared/engine/x.ts', code: "import { pushKind } from '../rulesets/push/kind.ts';\nexport const k = pushKind;\n", refused: true },
  { file: 'src-shared/search/x.ts', code: "import { pushKind } from '../rulesets/push/kind.ts';\nexport const k = pushKind;\n", refused: true },
  { file: 'src-shared/rulesets/x.ts', code: "import { astar } from '../search/generic.ts';\nexport const a = astar;\n", refused: false },
  // src-shared: deterministic
  { file: 'src-shared/engine/x.ts', code: 'export const r = Math.random();\n', refused: true },
  { file: 'src-shared/engine/x.ts', code: 'export const t = Date.now();\n', refused: true },
  { file: 'src-shared/engine/x.ts', code: 'export const t = new Date();\n', refused: true },
  { file: 'src-shared/engine/x.ts', code: 'export const e = process.env;\n', refused: true },
  // src-main: only electron/ imports electron; the library imports no jobs
  { file: 'src-main/jobs/x.ts', code: "import { app } from 'electron';\nexport const a = app;\n", refused: true },
  { file: 'src-main/electron/x.ts', code: "import { app } from 'electron';\nexport const a = app;\n", refused: false },
  { file: 'src-main/studio/x.ts', code: "import { ref } from 'vue';\nexport const r = ref;\n", refused: true },
  { file: 'src-main/library/x.ts', code: "import { JobQueue } from '../jobs/queue.ts';\nexport const q = JobQueue;\n", refused: true },
  { file: 'src-main/jobs/types/x.ts', code: "import * as thread from '../../worker/job-thread.ts';\nexport const t = thread;\n", refused: true },
  { file: 'src-main/jobs/types/x.ts', code: "import { rulesFor } from './runtime.ts';\nexport const r = rulesFor;\n", refused: false },
  { file: 'src-main/library/x.ts', code: "import Database from 'better-sqlite3';\nexport const d = Database;\n", refused: false },
  { file: 'src-main/library/x.ts', code: "import { ref } from 'vue';\nexport const r = ref;\n", refused: true },
  { file: 'src-main/library/x.ts', code: "import { defineStore } from 'pinia';\nexport const d = defineStore;\n", refused: true },
  { file: 'src-main/electron/x.ts', code: "import { ref } from 'vue';\nexport const r = ref;\n", refused: true },
  { file: 'src-main/jobs/x.ts', code: 'export class A {\n  #secret = 1;\n  get v(): number {\n    return this.#secret;\n  }\n}\n', refused: true },
  // src-renderer: only through the Studio API
  { file: 'src-renderer/src/x.ts', code: "import { readFileSync } from 'fs';\nexport const f = readFileSync;\n", refused: true },
  { file: 'src-renderer/src/x.ts', code: "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n", refused: true },
  { file: 'src-renderer/src/x.ts', code: "import { x } from '../../src-main/studio/studio.ts';\nexport const y = x;\n", refused: true },
  { file: 'src-renderer/src/x.ts', code: "import { ref } from 'vue';\nexport const r = ref;\n", refused: false },
  // inside src-renderer: bridge, i18n, commands < services < stores < composables < components < play < views < contributions < shell
  { file: 'src-renderer/src/stores/x.ts', code: "import { PROOF_DELAY_MS } from '../views/editor/x.ts';\nexport const d = PROOF_DELAY_MS;\n", refused: true },
  { file: 'src-renderer/src/stores/x.ts', code: "import type { ViewDefinition } from '../views/registry.ts';\nexport type V = ViewDefinition;\n", refused: true },
  { file: 'src-renderer/src/stores/x.ts', code: "import type { BoardHighlight } from '../components/board/x.ts';\nexport type H = BoardHighlight;\n", refused: true },
  { file: 'src-renderer/src/stores/x.ts', code: "import { debugOverlay } from '../play/debug.ts';\nexport const d = debugOverlay;\n", refused: true },
  { file: 'src-renderer/src/stores/x.ts', code: "import { thumbnailView } from '../services/thumbnails.ts';\nexport const v = thumbnailView;\n", refused: false },
  { file: 'src-renderer/src/stores/x.ts', code: "import { useBridge } from '../bridge/context.ts';\nexport const b = useBridge;\n", refused: false },
  { file: 'src-renderer/src/services/x.ts', code: "import { useUiStore } from '../stores/ui.ts';\nexport const u = useUiStore;\n", refused: true },
  { file: 'src-renderer/src/services/play/x.ts', code: "import { PlaySession } from './session.ts';\nexport const s = PlaySession;\n", refused: false },
  { file: 'src-renderer/src/services/x.ts', code: "import { History } from '../../../src-shared/engine/play/history.ts';\nexport const h = History;\n", refused: false },
  { file: 'src-renderer/src/play/x.ts', code: "import PlayBar from '../views/level/PlayBar.vue';\nexport const p = PlayBar;\n", refused: true },
  { file: 'src-renderer/src/play/x.ts', code: "import BoardView from '../components/BoardView.vue';\nexport const b = BoardView;\n", refused: false },
  { file: 'src-renderer/src/components/board/x.ts', code: "import PlayTest from '../../play/PlayTest.vue';\nexport const p = PlayTest;\n", refused: true },
  { file: 'src-renderer/src/views/library/x.ts', code: "import { LIBRARY_VIEW } from '../../contributions/library.ts';\nexport const v = LIBRARY_VIEW;\n", refused: true },
  { file: 'src-renderer/src/views/library/x.ts', code: "import PlayTest from '../../play/PlayTest.vue';\nexport const p = PlayTest;\n", refused: false },
  { file: 'src-renderer/src/contributions/x.ts', code: "import { createWorkbench } from '../shell/workbench.ts';\nexport const w = createWorkbench;\n", refused: true },
  { file: 'src-renderer/src/contributions/x.ts', code: "import { registerView } from '../views/registry.ts';\nexport const r = registerView;\n", refused: false },
  { file: 'src-renderer/src/bridge/x.ts', code: "import { useUiStore } from '../stores/ui.ts';\nexport const u = useUiStore;\n", refused: true },
  // a component is checked like a module
  { file: 'src-renderer/src/play/X.vue', code: "<script setup lang=\"ts\">\nimport PlayBar from '../views/level/PlayBar.vue';\nvoid PlayBar;\n</script>\n", refused: true },
];

describe('layering (STYLE.md) as lint rules', () => {
  for (const c of CASES) {
    const first = c.code.split('\n')[0];
    it(`${c.file}: ${c.refused ? 'refuses' : 'allows'} ${first}`, async () => {
      const found = await problems(c.file, c.code);
      const layering = found.filter((id) => /^no-restricted-(imports|properties|globals|syntax)$/.test(id));
      if (c.refused) expect(layering.length).toBeGreaterThan(0);
      else expect(found).toEqual([]);
    });
  }
});
