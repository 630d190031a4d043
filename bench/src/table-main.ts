import { resultsTableIsCurrent, writeResultsTable } from './table.js';

// `npm run bench -- table [--check]`: regenerates bench/RESULTS.md, or (lint) checks it is current.
if (process.argv.includes('--check')) {
  if (!resultsTableIsCurrent()) {
    console.error(
      'bench/RESULTS.md is not what bench/results/*.json give: run `npm run bench -- table`',
    );
    process.exit(1);
  }
  console.log('bench/RESULTS.md: current');
} else console.log(`written ${writeResultsTable()}`);
