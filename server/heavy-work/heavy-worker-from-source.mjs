// The heavy worker's entry when the server runs from TypeScript (tsx in dev, vitest in
// tests): Node 20 ignores `--import tsx` in a worker's execArgv, so tsx is registered
// here, in the worker's own thread, before the TypeScript entry is loaded. The build runs
// dist/heavy-worker.js instead (heavy-work-pool.ts chooses).
import { register } from 'tsx/esm/api'

register()
const { default: runHeavyTask } = await import('./heavy-worker.ts')
export default runHeavyTask
