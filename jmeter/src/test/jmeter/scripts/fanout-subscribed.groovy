// A member whose SUBSCRIBE got its RECEIPT counts itself in: the senders send only once every member has.
if (prev.isSuccessful() && prev.getResponseDataAsString().startsWith('RECEIPT')) vars.getObject('fanout').subscribed.countDown()
