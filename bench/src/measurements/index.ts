import type { Measurement } from '../harness.ts';
import { health } from './health.ts';
import { workerList } from './worker-list.ts';
import { firstLoad } from './first-load.ts';
import { lighthouseMobile } from './lighthouse.ts';
import { catalogueExport, catalogueImport, catalogueList } from './catalogue.ts';
import { workerListEmployer, workerListReal } from './workers.ts';
import { importHealth } from './import-health.ts';
import { hubFanout } from './hub-fanout.ts';
import { equipment } from './equipment.ts';
import { monitoring } from './monitoring.ts';
import { training } from './training.ts';
import { accidents } from './accidents.ts';
import { workspace } from './workspace.ts';
import { mixedLoad } from './mixed-load.ts';
import { reportStatus } from './report-status.ts';
import { statistics } from './statistics.ts';
import { employment } from './employment.ts';

/** Every measurement, in the order they run and print. Add one line per measurement. */
export const measurements: Measurement[] = [
  health,
  workerList,
  firstLoad,
  lighthouseMobile,
  catalogueList,
  catalogueImport,
  catalogueExport,
  workerListReal,
  workerListEmployer,
  importHealth,
  hubFanout,
  equipment,
  monitoring,
  training,
  accidents,
  mixedLoad,
  workspace,
  reportStatus,
  statistics,
  employment,
];
