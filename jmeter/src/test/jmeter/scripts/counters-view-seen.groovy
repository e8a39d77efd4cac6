// After each view of the counters' duet: notes its time for the planted twin's basis (counters-duet.groovy's `see`).
props.get('counters.duet').see(vars.get('shape'), vars.get('contender'), prev.getTime())
