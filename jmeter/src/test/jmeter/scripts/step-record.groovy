// What a running open-model step keeps of one sample: its time (for the step's p95) if it is the measured sampler, and
// whether anything in the step failed; the next capacity step of this path runs only if this one held. Returns the
// closure open-model-schedules.groovy keeps as the property chatlab.record, called with a sample and its thread's vars
// by the plans' step listener (record-step.groovy) and by the fan-out's delivery script, whose reads no listener sees.
return { sample, threadVars ->
    def current = props.get('chatlab.current')
    if (current == null || current.warmup) return
    def step = props.get('chatlab.steps').get(current.key)
    if (step == null) return
    if (!sample.isSuccessful()) step.failed.set(true)
    if (sample.getSampleLabel().startsWith(threadVars.get('measured'))) {
        step.times.add(sample.getTime())
        // A duet's answers are the basis its planted twin may ask for (open-model-schedules.groovy's `see`).
        if (current.see != null && sample.isSuccessful()) current.see(threadVars.get('target'), sample.getTime())
    }
}
