// Every test file runs as a door would: with the bundled games loaded into the catalog first
// (`games/registry.ts`), as the CLI, the API service and the desktop host each do on start.
import '../../electron/engine/games/registry';
