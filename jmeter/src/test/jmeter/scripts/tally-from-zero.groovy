// At a unit's reset, on every engine: this engine's tally of the unit starts from zero (the load's assertions count into
// it: counters-counted-or-refused.groovy, pool-counted-or-refused.groovy; engines-meet.groovy sums it over the engines
// for the audit). An engine keeps its properties from plan to plan, so an earlier unit's or run's tally must not remain.
props.put('chatlab.tally', new java.util.concurrent.ConcurrentHashMap())
SampleResult.setIgnore()
