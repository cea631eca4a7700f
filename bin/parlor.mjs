#!/usr/bin/env node
// Runs the TypeScript CLI directly through tsx's loader, so `npx parlor` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/main.ts');
