// Every sample in the listener's scope goes to the running step (step-record.groovy says what it keeps).
props.get('chatlab.record')?.call(sampleResult, vars)
