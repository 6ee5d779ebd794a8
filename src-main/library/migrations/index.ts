/**
 * Numbered migrations. Each runs once, in order, and records its number in `schema_migrations`; the
 * pending ones of an open run in one transaction (db.ts). Never edit a migration that has shipped: add the next one.
 */
import { MIGRATION_001 } from './001-initial.ts';
import { MIGRATION_002 } from './002-lower-bound.ts';
import { MIGRATION_003 } from './003-objective-value.ts';
import { MIGRATION_004 } from './004-recording-step-hashes.ts';
import { MIGRATION_005 } from './005-level-budget.ts';
import { MIGRATION_006 } from './006-drafts-and-play-records.ts';
import { MIGRATION_007 } from './007-intended-and-impact-reports.ts';
import { MIGRATION_009 } from './009-candidates.ts';
import { MIGRATION_011 } from './011-campaign-curation.ts';
import { MIGRATION_012 } from './012-replay-curves.ts';
import { MIGRATION_013 } from './013-objective-sense.ts';
import { MIGRATION_014 } from './014-blocks-simulations.ts';
import { MIGRATION_015 } from './015-queued-interactive-index.ts';
import { MIGRATION_017 } from './017-pending-imports.ts';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: MIGRATION_001 },
  { version: 2, name: 'lower bound', sql: MIGRATION_002 },
  { version: 3, name: 'objective value', sql: MIGRATION_003 },
  { version: 4, name: 'recording step hashes', sql: MIGRATION_004 },
  { version: 5, name: 'level budget', sql: MIGRATION_005 },
  { version: 6, name: 'drafts and play records', sql: MIGRATION_006 },
  { version: 7, name: 'intended solutions and impact reports', sql: MIGRATION_007 },
  { version: 9, name: 'candidates', sql: MIGRATION_009 },
  { version: 11, name: 'campaign curation', sql: MIGRATION_011 },
  { version: 12, name: 'replay curves', sql: MIGRATION_012 },
  { version: 13, name: 'objective sense', sql: MIGRATION_013 },
  { version: 14, name: 'blocks simulations', sql: MIGRATION_014 },
  { version: 15, name: 'queued interactive jobs index', sql: MIGRATION_015 },
  { version: 17, name: 'pending imports', sql: MIGRATION_017 },
];

/** Every schema version there is, in order (a number may be missing: taken by work not merged yet). */
export const SCHEMA_VERSIONS: readonly number[] = MIGRATIONS.map((m) => m.version);

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
