def frame = prev.getResponseDataAsString()
if (!frame.startsWith('CONNECTED')) {
    AssertionResult.setFailure(true)
    AssertionResult.setFailureMessage('expected CONNECTED, got: ' + frame.take(300))
}
