// Asserts that the frame read is the RECEIPT of the command named in Parameters (SUBSCRIBE, DISCONNECT).
def frame = prev.getResponseDataAsString()
if (!frame.startsWith('RECEIPT')) {
    AssertionResult.setFailure(true)
    AssertionResult.setFailureMessage('expected the RECEIPT of ' + args[0] + ', got: ' + frame.take(300))
}
