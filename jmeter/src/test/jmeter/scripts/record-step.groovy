// Every sample of a running open-model step: its time (for the step's p95) if it is the measured sampler, and
// whether anything in the step failed; the next capacity step of this path runs only if this one held.
def current = props.get('chatlab.current')
if (current == null || current.warmup) return
def step = props.get('chatlab.steps').get(current.key)
if (step == null) return
if (!sampleResult.isSuccessful()) step.failed.set(true)
if (sampleResult.getSampleLabel().startsWith(vars.get('measured'))) {
    step.times.add(sampleResult.getTime())
    // A duet's answers are the basis its planted twin may ask for (open-model-schedules.groovy's `see`).
    if (current.see != null && sampleResult.isSuccessful()) current.see(vars.get('target'), sampleResult.getTime())
}
