// Bundles the demo game (src/main.ts) into dist/main.js (scripts/build-node.mjs).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeApp } from '../../scripts/build-node.mjs';

const inputs = await buildNodeApp(dirname(fileURLToPath(import.meta.url)), ['src/main.ts']);
console.log(`built dist/main.js (${inputs.length} source files)`);
