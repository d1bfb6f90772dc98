// Where a Chromium CPU profile (DevTools protocol Profiler.stop) spent its time: self time
// per function and per script, for the decision records.

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }

const TOP = 12

function addTo(totals: Map<string, number>, key: string, microseconds: number) {
  totals.set(key, (totals.get(key) ?? 0) + microseconds)
}

function format(totals: Map<string, number>, all: number) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(
      ([key, microseconds]) =>
        `      ${(microseconds / 1000).toFixed(0).padStart(6)} ms ${((100 * microseconds) / all).toFixed(1).padStart(5)} %  ${key}`,
    )
    .join('\n')
}

/** The profile's self time, by function and by script (the origin left out of URLs). */
export function summariseProfile(profile: Profile, origin: string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const byFunction = new Map<string, number>()
  const byScript = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let all = 0
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] ?? -1)
    // A sample's time is the gap to the next one.
    const microseconds = deltas[index + 1] ?? 0
    if (!node) continue
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') continue
    all += microseconds
    const script = url.replace(origin, '') || functionName
    addTo(byFunction, `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`, microseconds)
    addTo(byScript, script, microseconds)
  }
  return [
    `    busy ${(all / 1000).toFixed(0)} ms; by function (self):`,
    format(byFunction, all),
    '    by script (self):',
    format(byScript, all),
  ].join('\n')
}
